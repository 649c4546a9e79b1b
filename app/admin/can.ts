/**
 * What the signed-in staff member may do, for hiding controls their role may not use (policy.ts;
 * the server refuses them anyway). Reads the back-office layout's loader data.
 */
import { useRouteLoaderData } from "react-router";
import type { Permission } from "~/auth/policy";

export function useCan(): (permission: Permission) => boolean {
  const data = useRouteLoaderData("routes/admin/layout") as { permissions?: readonly Permission[] } | undefined;
  const granted = new Set(data?.permissions ?? []);
  return (permission) => granted.has(permission);
}
