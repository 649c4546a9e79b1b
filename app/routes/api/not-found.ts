import { notFound } from "~/server/api";

export const loader = () => notFound("No such API endpoint");
export const action = () => notFound("No such API endpoint");
