/** What JSON.parse changes silently in a JSON text, by the path of the value (as `sample field "…"` lines write it). */
export interface JsonTextLosses {
  /**
   * Integer literals beyond 2^53, which come back as the nearest double (18446744073709551615 -> 18446744073709552000).
   */
  impreciseIntegers: Map<string, string>;
  /** Keys given twice in one object, of which JSON.parse keeps the last. */
  duplicateKeys: string[];
}

/** Scans a JSON text for what JSON.parse would lose. The text must be valid JSON (JSON.parse it first). */
export function scanJsonText(text: string): JsonTextLosses {
  const found = new Map<string, string>();
  const duplicateKeys: string[] = [];
  let at = 0;
  const skipSpace = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const readString = (): string => {
    const start = at++;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: string): void => {
    skipSpace();
    const c = text[at];
    if (c === '{') {
      at++;
      skipSpace();
      const keys = new Set<string>();
      while (text[at] !== '}') {
        skipSpace();
        const key = readString();
        if (keys.has(key)) duplicateKeys.push(joinPath(path, key));
        keys.add(key);
        skipSpace();
        at++; // ':'
        value(joinPath(path, key));
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (c === '[') {
      at++;
      skipSpace();
      for (let i = 0; text[at] !== ']'; i++) {
        value(`${path}[${i}]`);
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (c === '"') {
      readString();
    } else {
      const literal = /^[^,\]}\s]+/.exec(text.slice(at))![0];
      at += literal.length;
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) found.set(path, literal);
    }
  };
  value('');
  return { impreciseIntegers: found, duplicateKeys };
}

/** `a.b`, or `a["b c"]` for a key that is not a plain name (map keys). */
export function joinPath(path: string, key: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}
