import { redirect } from "react-router";

/** The console opens on Today. */
export const loader = () => redirect("/today");
