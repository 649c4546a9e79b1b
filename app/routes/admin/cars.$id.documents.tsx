/**
 * /admin/cars/:id/documents — a car's documents that expire (issue 34): traffic insurance, kasko,
 * inspection, route permit; their dates and scans. Read by whoever reads cars, set by whoever sets
 * a car's status and maintenance (app/auth/policy.ts).
 */
import type { Route } from "./+types/cars.$id.documents";
import { loadDocumentsPage, postDocumentsPage } from "~/fleet/documents-route.server";
import { DocumentsPage } from "~/fleet/documents-view";

export const loader = (args: Route.LoaderArgs) => loadDocumentsPage("car", args);

export const action = (args: Route.ActionArgs) => postDocumentsPage("car", args);

export default function CarDocuments({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentsPage owner="car" page={loaderData} refusal={actionData?.refusal} />;
}
