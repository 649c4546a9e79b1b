import type { Route } from "./+types/files.upload";
import { handleUpload } from "~/uploads/upload-api.server";
import { methodNotAllowed } from "~/server/api";

/** POST /api/files/upload — one or more images; `data[0].url` is the first (spec §7). */
export const loader = () => methodNotAllowed(["POST"]);
export const action = (args: Route.ActionArgs) => handleUpload(args);
