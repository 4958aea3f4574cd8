import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { consoleWorker } from "../app/.server/worker.ts";

// Built once per isolate from the build object; in development from a function, so that an edit replaces the build.
const handleRequest = import.meta.env.DEV
  ? createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)
  : createRequestHandler(build, import.meta.env.MODE);

export default consoleWorker(handleRequest);
