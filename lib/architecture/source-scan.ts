// A small lexer for the project's TypeScript and JavaScript modules (.ts, .mjs, .js; no JSX): it skips comments and
// tells strings, template literals and regular-expression literals apart, so that what it reports comes from code,
// never from a comment or a quoted example. It is deliberately free of the TypeScript compiler, because engine
// versions are computed by the server itself in development; source-scan.test.ts checks it against the compiler.

export type TokenKind = "name" | "string" | "template" | "regex" | "number" | "punct";

export interface Token {
  kind: TokenKind;
  /** The identifier, the punctuator, or a string's value (a template literal's text when it has no substitutions). */
  text: string;
  /** A template literal with `${...}` substitutions. */
  substituted?: boolean;
}

// After these words a "/" begins a regular expression, as after an operator; after any other name it divides.
const KEYWORDS_BEFORE_EXPRESSION = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await", "export", "default", "extends"]);
const PUNCTUATORS = ["...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>"];

const isNameStart = (c: string) => /[A-Za-z_$\u0080-\uffff]/.test(c);
const isNamePart = (c: string) => /[\w$\u0080-\uffff]/.test(c);

/** The tokens of a module's source, comments dropped. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // What each open "{" belongs to: a block/object ("brace") or a template substitution ("template").
  const braces: ("brace" | "template")[] = [];
  let i = 0;
  const n = source.length;

  const regexAllowed = () => {
    const last = tokens[tokens.length - 1];
    if (!last) return true;
    if (last.kind === "name") return KEYWORDS_BEFORE_EXPRESSION.has(last.text);
    if (last.kind === "punct") return ![")", "]", "}"].includes(last.text);
    return false;
  };

  // Reads a template literal's text from i (just after "`" or a substitution's "}") to its end or next "${".
  const readTemplate = () => {
    let text = "";
    while (i < n) {
      const c = source[i];
      if (c === "\\") {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (c === "`") {
        i++;
        tokens.push({ kind: "template", text });
        return;
      } else if (c === "$" && source[i + 1] === "{") {
        i += 2;
        tokens.push({ kind: "template", text, substituted: true });
        braces.push("template");
        // The substitution's expression is lexed as code; a marker keeps "/" after "${" a regular expression.
        tokens.push({ kind: "punct", text: "${" });
        return;
      } else {
        text += c;
        i++;
      }
    }
  };

  while (i < n) {
    const c = source[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\uFEFF" || c === "\u00A0") {
      i++;
    } else if (c === "/" && source[i + 1] === "/") {
      while (i < n && source[i] !== "\n") i++;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "#" && i === 0 && source[1] === "!") {
      while (i < n && source[i] !== "\n") i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let text = "";
      while (j < n && source[j] !== c && source[j] !== "\n") {
        if (source[j] === "\\") {
          text += source[j + 1] === c || source[j + 1] === "\\" ? source[j + 1] : source.slice(j, j + 2);
          j += 2;
        } else text += source[j++];
      }
      tokens.push({ kind: "string", text });
      i = j + 1;
    } else if (c === "`") {
      i++;
      readTemplate();
    } else if (c === "}" && braces[braces.length - 1] === "template") {
      // The end of a substitution: the template literal goes on (as another template token of the same literal).
      braces.pop();
      i++;
      tokens.push({ kind: "punct", text: "}" });
      const start = tokens.length;
      readTemplate();
      if (tokens[start]) tokens[start].substituted = true;
    } else if (c === "/" && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== "\n") {
        const d = source[j];
        if (d === "\\") j += 2;
        else {
          if (d === "[") inClass = true;
          else if (d === "]") inClass = false;
          else if (d === "/" && !inClass) break;
          j++;
        }
      }
      j++;
      while (j < n && isNamePart(source[j])) j++;
      tokens.push({ kind: "regex", text: source.slice(i, j) });
      i = j;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(source[i + 1] ?? ""))) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(source[j])) j++;
      tokens.push({ kind: "number", text: source.slice(i, j) });
      i = j;
    } else if (isNameStart(c) || c === "#" || c === "@") {
      let j = i + 1;
      while (j < n && isNamePart(source[j])) j++;
      tokens.push({ kind: "name", text: source.slice(i, j) });
      i = j;
    } else {
      const op = PUNCTUATORS.find((p) => source.startsWith(p, i)) ?? c;
      if (op === "{") braces.push("brace");
      else if (op === "}") braces.pop();
      tokens.push({ kind: "punct", text: op });
      i += op.length;
    }
  }
  return tokens;
}

export interface ModuleImport {
  specifier: string;
  /** `import type` / `export type` (erased at run time). */
  typeOnly: boolean;
  /** `import("...")` or `require("...")`. */
  dynamic: boolean;
}

export interface SourceReferences {
  imports: ModuleImport[];
  /**
   * String literals that may name a file the module loads at run time (a data file, a worker script): every string
   * with a file extension, and every array of strings (path parts, as `workerScriptPath(["lib", ..., "x.mjs"])`)
   * joined with "/". The caller keeps those that name an existing file.
   */
  paths: string[];
  /** Regular-expression literals. */
  regexLiterals: number;
  /** `new RegExp(...)` and `RegExp(...)` calls. */
  regexConstructions: number;
}

const FILE_NAME = /\.[A-Za-z0-9]{1,12}$/;

/** What a module imports, the files it may load, and how many regular expressions it writes. */
export function scanSource(source: string): SourceReferences {
  const t = tokenize(source);
  const out: SourceReferences = { imports: [], paths: [], regexLiterals: 0, regexConstructions: 0 };
  const is = (k: number, text: string) => t[k] !== undefined && t[k].kind !== "string" && t[k].kind !== "template" && t[k].text === text;
  const literal = (k: number) => t[k] && (t[k].kind === "string" || (t[k].kind === "template" && !t[k].substituted)) ? t[k].text : null;
  const member = (k: number) => k > 0 && (is(k - 1, ".") || is(k - 1, "?."));

  for (let k = 0; k < t.length; k++) {
    const tok = t[k];
    if (tok.kind === "regex") out.regexLiterals++;
    if (tok.kind === "name" && tok.text === "RegExp" && !member(k) && is(k + 1, "(")) out.regexConstructions++;

    if (tok.kind === "name" && (tok.text === "import" || tok.text === "export") && !member(k)) {
      if (tok.text === "import" && is(k + 1, "(")) {
        const spec = literal(k + 2);
        // `typeof import("x")` is a type.
        if (spec !== null) out.imports.push({ specifier: spec, typeOnly: is(k - 1, "typeof"), dynamic: true });
        continue;
      }
      if (tok.text === "import" && is(k + 1, ".")) continue; // import.meta
      const typeOnly = is(k + 1, "type") && !is(k + 2, "=") && !is(k + 2, "from");
      // `import "x"`, or the statement's `from "x"` (before the next statement-ending token at depth 0).
      const direct = literal(k + 1);
      if (tok.text === "import" && direct !== null) {
        out.imports.push({ specifier: direct, typeOnly: false, dynamic: false });
        continue;
      }
      let depth = 0;
      for (let j = k + 1; j < t.length && j < k + 400; j++) {
        if (t[j].kind === "punct" && ["{", "(", "["].includes(t[j].text)) depth++;
        else if (t[j].kind === "punct" && ["}", ")", "]"].includes(t[j].text)) depth--;
        else if (depth === 0 && is(j, "from")) {
          const spec = literal(j + 1);
          if (spec !== null) out.imports.push({ specifier: spec, typeOnly, dynamic: false });
          break;
        }
        if (depth < 0 || (depth === 0 && (is(j, ";") || is(j, "=") || is(j, "function") || is(j, "class") || is(j, "const") || is(j, "let") || is(j, "interface")))) break;
      }
      continue;
    }
    if (tok.kind === "name" && tok.text === "require" && !member(k) && is(k + 1, "(")) {
      const spec = literal(k + 2);
      if (spec !== null) out.imports.push({ specifier: spec, typeOnly: false, dynamic: true });
      continue;
    }
    // require.resolve("pkg/file"): a package file loaded at run time.
    if (tok.kind === "name" && tok.text === "resolve" && is(k - 1, ".") && t[k - 2]?.text === "require" && is(k + 1, "(")) {
      const spec = literal(k + 2);
      if (spec !== null) out.imports.push({ specifier: spec, typeOnly: false, dynamic: true });
      continue;
    }

    if (is(k, "[")) {
      const parts: string[] = [];
      let j = k + 1;
      while (literal(j) !== null) {
        parts.push(literal(j)!);
        if (is(j + 1, ",")) j += 2;
        else {
          j++;
          break;
        }
      }
      if (parts.length > 1 && is(j, "]") && FILE_NAME.test(parts[parts.length - 1])) out.paths.push(parts.join("/"));
    }
    const text = literal(k);
    if (text !== null && FILE_NAME.test(text) && !/\s/.test(text) && text.length < 300) out.paths.push(text);
  }
  return out;
}
