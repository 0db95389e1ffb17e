/**
 * Where a JSON text stops being valid JSON, for an error a partner can act on: JSON.parse's own
 * messages name a position for some mistakes only, and differ between Node versions. Runs only
 * after a parse failed, in one pass with its own stack, so no nesting depth reaches the call stack.
 */
export function jsonSyntaxErrorOffset(text: string): number | undefined {
  type Expect = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'after';
  const containers: string[] = [];
  let expect: Expect = 'value';
  let i = 0;
  const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  /** The offset after a string starting at i, or the offset of what makes it invalid (negated, minus one). */
  const stringEnd = (start: number): number => {
    for (let j = start + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return -j - 1;
      if (c === 0x5c) {
        const next = text[j + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return -j - 1;
          j += 5;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) j += 1;
        else return -j - 1;
      }
    }
    return -text.length - 1;
  };
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
    if (i >= text.length) return expect === 'after' && containers.length === 0 ? undefined : i;
    const c = text[i]!;
    switch (expect) {
      case 'firstValue':
      case 'value':
        if (expect === 'firstValue' && c === ']') {
          containers.pop();
          i++;
          expect = 'after';
        } else if (c === '{' || c === '[') {
          containers.push(c);
          i++;
          expect = c === '{' ? 'firstKey' : 'firstValue';
        } else if (c === '"') {
          const end = stringEnd(i);
          if (end < 0) return -end - 1;
          i = end;
          expect = 'after';
        } else {
          literal.lastIndex = i;
          if (!literal.test(text)) return i;
          i = literal.lastIndex;
          expect = 'after';
        }
        break;
      case 'firstKey':
      case 'key':
        if (expect === 'firstKey' && c === '}') {
          containers.pop();
          i++;
          expect = 'after';
        } else if (c === '"') {
          const end = stringEnd(i);
          if (end < 0) return -end - 1;
          i = end;
          expect = 'colon';
        } else return i;
        break;
      case 'colon':
        if (c !== ':') return i;
        i++;
        expect = 'value';
        break;
      case 'after': {
        const open = containers.at(-1);
        if (open === undefined) return i;
        if (c === ',') expect = open === '{' ? 'key' : 'value';
        else if (c === (open === '{' ? '}' : ']')) containers.pop();
        else return i;
        i++;
        break;
      }
    }
  }
}

/** Line and column (both from 1, columns in UTF-16 units) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
