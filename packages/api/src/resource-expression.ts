// The expression language of a SidecarSet container's `resourcesPolicy.resourcesExpr` (Kruise's
// pkg/util/calculator: lexer.go, calculator.y, calculator.go): `+ - * /`, parentheses, unary minus, `max(a, b)` and
// `min(a, b)`, plain numbers (`0.5`, `1e3`, `50%` = 0.5), quantities (`50m`, `100Mi`) and the variables `cpu` /
// `memory`. Values are numbers (float64) or resource.Quantity, combined as Kruise combines them, so results and
// error messages match: a quantity times or divided by a number goes through its milli value, a number meets a
// quantity as that many cores in millis, and a negative result is an error.
// Used by the SidecarSet validation (is the expression valid) and by injection (sidecar resources from the pod).
import {
  addQuantities,
  compareQuantities,
  formatQuantity,
  goQuantityError,
  milliQuantity,
  milliValue,
  negateQuantity as negate,
  parseQuantity,
  type Quantity,
} from '@kruise-ts/kube';

export type ExpressionValue = { readonly number: number } | { readonly quantity: Quantity };

export class ResourceExpressionError extends Error {
  override name = 'ResourceExpressionError';
}

const isQuantity = (v: ExpressionValue): v is { readonly quantity: Quantity } => 'quantity' in v;

/** int64(f) in Go: truncation toward zero (out-of-range values are clamped instead of left undefined). */
function int64(f: number): bigint {
  if (Number.isNaN(f)) return 0n;
  const max = 2 ** 63 - 1;
  return BigInt(Math.trunc(Math.max(-max, Math.min(max, f))));
}

const toQuantity = (v: ExpressionValue): Quantity =>
  isQuantity(v) ? v.quantity : milliQuantity(int64(v.number * 1000));

/** strconv.FormatFloat(f, 'g', -1, 64), as `%g` prints a number. */
export function goFloat(f: number): string {
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  if (!Number.isFinite(f)) return Number.isNaN(f) ? 'NaN' : f > 0 ? '+Inf' : '-Inf';
  const [mantissa, exp] = f.toExponential().split('e') as [string, string];
  const e = Number(exp);
  if (e < -4 || e >= 21) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  if (e >= 6) return `${mantissa}e+${String(e).padStart(2, '0')}`;
  return String(f);
}

export function formatExpressionValue(v: ExpressionValue): string {
  return isQuantity(v) ? formatQuantity(v.quantity) : goFloat(v.number);
}

type Token =
  | { kind: 'number' | 'quantity' | 'ident'; text: string }
  | { kind: 'char'; text: string }
  | { kind: 'eof'; text: '' };

const isSpace = (c: string) =>
  c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const QUANTITY_UNITS = new Set(['m', 'k', 'M', 'G', 'T', 'P', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi']);

/** Kruise's lexer: one token at a time, tracking the line and column its syntax errors name. */
class Lexer {
  #pos = 0;
  line = 1;
  col = 1;
  readonly input: string;
  constructor(input: string) {
    this.input = input;
  }

  #peek(): string {
    return this.input[this.#pos] ?? '';
  }

  #next(): string {
    const c = this.input[this.#pos] ?? '';
    if (c === '') return c;
    this.#pos++;
    if (c === '\n') {
      this.line++;
      this.col = 1;
    } else this.col++;
    return c;
  }

  /** Digits, one dot, one exponent (its sign right after it), one percent, then letters as a unit. */
  #readNumber(): string {
    const start = this.#pos;
    let dot = false;
    let exp = false;
    let percent = false;
    let expectExponentDigit = false;
    for (;;) {
      const c = this.#peek();
      if (c === '') break;
      if (isDigit(c)) {
        expectExponentDigit = false;
        this.#next();
      } else if (c === '.') {
        if (dot || exp || percent) break;
        dot = true;
        this.#next();
      } else if (c === 'e' || c === 'E') {
        if (exp || percent) break;
        exp = true;
        expectExponentDigit = true;
        this.#next();
      } else if (c === '+' || c === '-') {
        if (!expectExponentDigit) break;
        expectExponentDigit = false;
        this.#next();
      } else if (c === '%') {
        if (percent) break;
        percent = true;
        this.#next();
      } else if (isLetter(c)) {
        if (expectExponentDigit) break;
        while (isLetter(this.#peek())) this.#next();
        break;
      } else break;
    }
    return this.input.slice(start, this.#pos);
  }

  /** A number token is a quantity when its numeric part is followed by exactly one of Kruise's units. */
  static #isQuantity(s: string): boolean {
    const end = [...s].findIndex((c) => !isDigit(c) && !'.eE+-'.includes(c));
    return end > 0 && QUANTITY_UNITS.has(s.slice(end));
  }

  next(): Token {
    while (isSpace(this.#peek())) this.#next();
    const c = this.#peek();
    if (c === '') return { kind: 'eof', text: '' };
    if (isDigit(c) || c === '.') {
      const text = this.#readNumber();
      return { kind: Lexer.#isQuantity(text) ? 'quantity' : 'number', text };
    }
    if (isLetter(c)) {
      const start = this.#pos;
      while (isLetter(this.#peek()) || isDigit(this.#peek()) || this.#peek() === '_') this.#next();
      return { kind: 'ident', text: this.input.slice(start, this.#pos) };
    }
    this.#next();
    return { kind: 'char', text: c };
  }
}

class ExpressionSyntaxError extends Error {}

/**
 * Evaluates `expr` with `variables` (names in lower case). Throws ResourceExpressionError with Kruise's message:
 * the last evaluation error if there was one (`undefined variable: x`, `division by zero`, ...), else the syntax
 * error (`parse error: syntax error at line 1, col 7`), else `calculation result is negative: …`.
 */
export function evaluateResourceExpression(
  expr: string,
  variables: Readonly<Record<string, ExpressionValue>>,
): ExpressionValue {
  const lexer = new Lexer(expr);
  let token = lexer.next();
  // Like the generated parser, an evaluation error does not stop the parse: the value becomes null, the message
  // is kept (a later one replaces it), and nulls pass through every operation without a message of their own.
  let lastError: string | undefined;
  const fail = (message: string): null => {
    lastError = message;
    return null;
  };
  const advance = () => {
    token = lexer.next();
  };
  const syntaxError = (): never => {
    throw new ExpressionSyntaxError(`parse error: syntax error at line ${lexer.line}, col ${lexer.col}`);
  };
  const expect = (char: string) => {
    if (token.kind !== 'char' || token.text !== char) syntaxError();
    advance();
  };
  const isChar = (...chars: string[]) => token.kind === 'char' && chars.includes(token.text);

  type V = ExpressionValue | null;
  const orFail = (v: V, message: string): V => (v === null && lastError === undefined ? fail(message) : v);

  const add = (a: V, b: V, subtract: boolean): V => {
    if (a === null || b === null) return null;
    if (isQuantity(a) || isQuantity(b)) {
      const right = toQuantity(b);
      return { quantity: addQuantities(toQuantity(a), subtract ? negate(right) : right) };
    }
    return { number: subtract ? a.number - b.number : a.number + b.number };
  };
  const multiply = (a: V, b: V, divide: boolean): V => {
    if (a === null || b === null) return null;
    if (divide) {
      if (isQuantity(b)) return fail('division by quantity');
      if (b.number === 0) return fail('division by zero');
      if (isQuantity(a))
        return {
          quantity: milliQuantity(int64(Number(milliValue(a.quantity)) / b.number), a.quantity.format),
        };
      return { number: a.number / b.number };
    }
    if (isQuantity(a) && isQuantity(b)) return fail('multiplication of two quantities');
    if (isQuantity(a) && !isQuantity(b))
      return {
        quantity: milliQuantity(int64(Number(milliValue(a.quantity)) * b.number), a.quantity.format),
      };
    if (isQuantity(b) && !isQuantity(a))
      return {
        quantity: milliQuantity(int64(Number(milliValue(b.quantity)) * a.number), b.quantity.format),
      };
    return { number: (a as { number: number }).number * (b as { number: number }).number };
  };
  const extreme = (name: 'max' | 'min', args: V[]): V => {
    if (args.length !== 2) return fail(`${name} function requires exactly 2 arguments, got ${args.length}`);
    const [a, b] = args as [V, V];
    if (a === null || b === null) return null;
    const pickLeft = (cmp: number) => (name === 'max' ? cmp >= 0 : cmp <= 0);
    if (!isQuantity(a) && !isQuantity(b)) return pickLeft(a.number - b.number) ? a : b;
    // A number meets a quantity as that many cores, in millis; a quantity given is returned as given.
    const left = isQuantity(a) ? a : { quantity: toQuantity(a) };
    const right = isQuantity(b) ? b : { quantity: toQuantity(b) };
    return pickLeft(compareQuantities(left.quantity, right.quantity)) ? left : right;
  };
  const call = (name: string, args: V[]): V => {
    const lower = name.toLowerCase();
    if (lower === 'max' || lower === 'min') return extreme(lower, args);
    return fail(`unknown function: ${name}`);
  };

  const literal = (kind: 'number' | 'quantity', text: string): V => {
    if (kind === 'quantity') {
      try {
        return { quantity: parseQuantity(text) };
      } catch (err) {
        return fail(goQuantityError(err));
      }
    }
    // Go's strconv.ParseFloat; the grammar ignores its error, so an unreadable number counts as 0.
    const percent = text.endsWith('%');
    const body = percent ? text.slice(0, -1) : text;
    const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(body) ? Number(body) : 0;
    return { number: percent ? n / 100 : n };
  };

  const factor = (): V => {
    if (token.kind === 'number' || token.kind === 'quantity') {
      const value = literal(token.kind, token.text);
      advance();
      return value;
    }
    if (token.kind === 'ident') {
      const name = token.text;
      advance();
      if (isChar('(')) {
        advance();
        const args = [expression()];
        if (isChar(',')) {
          advance();
          args.push(expression());
        }
        expect(')');
        return orFail(call(name, args), 'function call failed');
      }
      const variable = variables[name.toLowerCase()];
      return variable ?? fail(`undefined variable: ${name.toLowerCase()}`);
    }
    if (isChar('(')) {
      advance();
      const value = expression();
      expect(')');
      return value;
    }
    if (isChar('-')) {
      advance();
      const value = factor();
      if (value === null) return null;
      return isQuantity(value) ? { quantity: negate(value.quantity) } : { number: -value.number };
    }
    return syntaxError();
  };
  const term = (): V => {
    let value = factor();
    while (isChar('*', '/')) {
      const divide = token.text === '/';
      advance();
      value = orFail(
        multiply(value, factor(), divide),
        divide ? 'invalid division operation' : 'invalid multiplication operation',
      );
    }
    return value;
  };
  const expression = (): V => {
    let value = term();
    while (isChar('+', '-')) {
      const subtract = token.text === '-';
      advance();
      value = orFail(
        add(value, term(), subtract),
        subtract ? 'invalid subtraction operation' : 'invalid addition operation',
      );
    }
    return value;
  };

  let result: V;
  try {
    result = expression();
    if (token.kind !== 'eof') syntaxError();
  } catch (err) {
    if (!(err instanceof ExpressionSyntaxError)) throw err;
    throw new ResourceExpressionError(lastError ?? err.message);
  }
  if (result === null) throw new ResourceExpressionError(lastError ?? 'no result from parser');
  const negative = isQuantity(result) ? result.quantity.unscaled < 0n : result.number < 0;
  if (negative) {
    throw new ResourceExpressionError(`calculation result is negative: ${formatExpressionValue(result)}`);
  }
  return result;
}

/**
 * Kruise's admission check of one expression: evaluated with its variable (`cpu` or `memory`) set to the number 1.
 * Returns the message Kruise's webhook gives (`invalid expression: …`), or undefined when it is valid.
 */
export function resourceExpressionError(expr: string, variable: 'cpu' | 'memory'): string | undefined {
  if (expr === '') return undefined;
  try {
    evaluateResourceExpression(expr, { [variable]: { number: 1 } });
    return undefined;
  } catch (err) {
    if (!(err instanceof ResourceExpressionError)) throw err;
    return `invalid expression: ${err.message}`;
  }
}
