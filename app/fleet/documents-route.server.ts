/**
 * The documents pages' requests (issue 34), one pair for the car's page and the driver's
 * (app/routes/admin/{cars,drivers}.$id.documents.tsx): read the owner's documents, or take a post
 * and redirect (POST-redirect-GET) or answer the refusal with the typed date kept.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { staffActor } from "~/audit/audit.server";
import { adminUser } from "~/auth/guard.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import type { DocumentOwnerKind } from "./documents";
import { documentsPageData, documentsPagePost } from "./documents.server";

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

export async function loadDocumentsPage(kind: DocumentOwnerKind, { request, context, params }: PageArgs) {
  const { db } = getApp(context);
  const id = params.id ?? "";
  const page = isPlausibleId(id)
    ? await documentsPageData(db.kysely, { kind, id }, new URL(request.url), toBusinessParts(new Date()).date)
    : undefined;
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function postDocumentsPage(kind: DocumentOwnerKind, { request, context, params }: PageArgs) {
  const { db } = getApp(context);
  const id = params.id ?? "";
  const user = adminUser(context);
  const outcome = isPlausibleId(id)
    ? await documentsPagePost(db.kysely, request, { kind, id }, staffActor(user))
    : undefined;
  if (!outcome) throw data(null, { status: 404 });
  if ("redirect" in outcome) throw redirect(outcome.redirect);
  return data({ refusal: outcome.refusal }, { status: outcome.status });
}
