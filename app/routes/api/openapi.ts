import { methodNotAllowed } from "~/server/api";
import { openApiDocument } from "./openapi.document";

/** GET /api/openapi.json — the OpenAPI 3.1 description of every /api endpoint. */
export function loader() {
  return Response.json(openApiDocument, { headers: { "Cache-Control": "public, max-age=300" } });
}

export const action = () => methodNotAllowed(["GET"]);
