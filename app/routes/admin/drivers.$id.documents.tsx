/**
 * /admin/drivers/:id/documents — a driver's documents that expire (issue 34): licence, SRC and
 * psychotechnic certificates; their dates and scans. Read by whoever reads drivers, set by whoever
 * edits them (app/auth/policy.ts).
 */
import type { Route } from "./+types/drivers.$id.documents";
import { loadDocumentsPage, postDocumentsPage } from "~/fleet/documents-route.server";
import { DocumentsPage } from "~/fleet/documents-view";

export const loader = (args: Route.LoaderArgs) => loadDocumentsPage("driver", args);

export const action = (args: Route.ActionArgs) => postDocumentsPage("driver", args);

export default function DriverDocuments({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentsPage owner="driver" page={loaderData} refusal={actionData?.refusal} />;
}
