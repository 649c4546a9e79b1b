import type { Route } from "./+types/files.upload-multiple";
import { handleUpload } from "~/uploads/upload-api.server";
import { methodNotAllowed } from "~/server/api";

/** POST /api/files/upload-multiple — repeated `files`; `data` lists objects with `url` (spec §7). */
export const loader = () => methodNotAllowed(["POST"]);
export const action = (args: Route.ActionArgs) => handleUpload(args);
