import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findHttpErrorImports, findLayerViolations, layerOf, repoRoot, violationKey } from "./layers";

// The imports that break the layers today (ARCHITECTURE.md), one "file -> imported file or package" a line. A new
// violation fails; so does a listed one that is gone, so the list only shrinks as the code is fixed. After moving an
// import into its layer, take its line out (or run `npx tsx scripts/architecture-metrics.ts --write-allow-list` and
// check that the diff only removes lines).
const ALLOW_LIST = path.join(import.meta.dirname, "layer-violations.json");

describe("the layers", () => {
  it.each([
    ["app/api/v1/prior_auths/route.ts", "routes"],
    ["lib/api/with-workspace.ts", "http"],
    ["lib/case-pipeline/run-intake.ts", "pipeline"],
    ["lib/documents/store-document.ts", "pipeline"],
    ["lib/documents/worker/read-document.worker.mjs", "engines"],
    ["lib/policies/checks/answer-age.ts", "engines"],
    ["lib/lexicon/drugs.ts", "models"],
    ["lib/errors/domain-errors.ts", "models"],
    ["lib/digest.ts", "models"],
    ["lib/db/prisma.ts", "db"],
    ["scripts/pa.ts", null],
  ])("%s is in %s", (file, layer) => {
    expect(layerOf(file)).toBe(layer);
  });

  it("no import runs against them but the listed ones of today, and every listed one still exists", () => {
    const allowed: string[] = JSON.parse(fs.readFileSync(ALLOW_LIST, "utf8"));
    const found = findLayerViolations(repoRoot()).map(violationKey);
    const added = found.filter((v) => !allowed.includes(v));
    const fixed = allowed.filter((v) => !found.includes(v));
    expect(added, "imports against the layers (ARCHITECTURE.md): import from the layer below instead").toEqual([]);
    expect(fixed, "fixed violations still listed: take them out of lib/architecture/layer-violations.json").toEqual([]);
  });

  it("no file of lib/ outside lib/api imports lib/api/errors: the domain throws named errors (lib/errors), which lib/api maps to statuses", () => {
    expect(findHttpErrorImports(repoRoot())).toEqual([]);
  });

  it("finds an engine importing Prisma, the API layer or the pipeline, and a domain file importing lib/api/errors, in a copy of the tree", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "layers-test-"));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
      write("lib/db/prisma.ts", "export const prisma = {};\n");
      write("lib/api/errors.ts", "export class ApiError extends Error {}\n");
      write("lib/prior-auths/load.ts", 'import { prisma } from "@/lib/db/prisma";\nexport const load = () => prisma;\n');
      write("lib/lexicon/words.ts", "export const words = [];\n");
      write("lib/policies/rule.ts", ['import { prisma } from "@/lib/db/prisma";', 'import { ApiError } from "../api/errors";', 'import type { load } from "@/lib/prior-auths/load";', 'import { words } from "@/lib/lexicon/words";', 'import { NextResponse } from "next/server";', "export const rule = [prisma, ApiError, words, NextResponse];", ""].join("\n"));
      write("lib/api/with-workspace.ts", 'import { ApiError } from "./errors";\nexport const wrap = ApiError;\n');
      write("lib/members/remove.ts", 'import type { ApiError } from "@/lib/api/errors";\nexport type E = ApiError;\n');
      expect(findHttpErrorImports(root)).toEqual(["lib/members/remove.ts", "lib/policies/rule.ts"]);
      expect(findLayerViolations(root).map((v) => `${violationKey(v)} ${v.why}${v.typeOnly ? " type" : ""}`)).toEqual([
        "lib/members/remove.ts -> lib/api/errors.ts upward type",
        "lib/policies/rule.ts -> lib/api/errors.ts upward",
        "lib/policies/rule.ts -> lib/db/prisma.ts engine-forbidden",
        "lib/policies/rule.ts -> lib/prior-auths/load.ts upward type",
        "lib/policies/rule.ts -> next engine-forbidden",
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
