// Where a worker thread's script is: a plain module under the project folder, loaded by path at run time (Next.js
// does not bundle worker scripts), so the service runs from the project folder.
import fs from "node:fs";
import path from "node:path";

/** The script at `parts` under the working directory; `what` names it in the error when it is missing. */
export function workerScriptPath(parts: readonly string[], what: string, hint = ""): string {
  const script = [process.cwd(), ...parts].join(path.sep);
  if (!fs.existsSync(script)) throw new Error(`The ${what} ${script} is missing: run the service from the project folder${hint}.`);
  return script;
}
