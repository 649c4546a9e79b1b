/** The place and route services configured for this server, for loaders, actions and API routes. */
import type { RouterContextProvider } from "react-router";
import { getPlaceServices } from "~/places/service.server";
import { getApp } from "../context";

export function placeServices(context: Readonly<RouterContextProvider>) {
  const { env, log, db } = getApp(context);
  return getPlaceServices(env, log, db.kysely);
}
