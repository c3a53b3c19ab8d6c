// The LTspice model of a part, translated mechanically from its ngspice netlist (ngspice.ts), so that the model's
// equations are written in one place: this file knows the dialect, not the device. Every line and every piece of
// an expression it does not know how to translate makes it throw, naming the construct, so that a change to the
// ngspice netlist can never quietly produce a wrong LTspice file (docs/decisions/052-ltspice-models.md).
//
// What differs between the two dialects, for what our netlists use (sources in decision 052):
// - ngspice's B-source `pwl(x, x0,y0, …)` is not an LTspice function (LTspice has `table()`, which holds the end
//   values where ngspice's pwl() extrapolates, and which ngspice 39 does not know even in its LTspice mode). It is
//   written as the sum of linear segments with min()/max(), which both simulators evaluate identically.
// - `^` is exponentiation in ngspice but a Boolean XOR in LTspice, `**` is read differently by PSpice-minded tools,
//   `?:`, comparisons and Boolean operators differ: none is translated, all are refused.
// - the header is rewritten for LTspice use: how to include the file (`.lib`) and the pin order of a symbol.

/** The functions whose meaning is the same in ngspice's and LTspice's B sources (besides pwl, translated). */
const SAME_FUNCTIONS = new Set(["min", "max", "abs", "exp", "ln", "tanh"]);

type Node =
  | { type: "number"; text: string; value: number }
  | { type: "voltage"; nodes: string[] }
  | { type: "call"; name: string; args: Node[] }
  | { type: "group"; inner: Node }
  | { type: "negate"; operand: Node }
  | { type: "binary"; op: "+" | "-" | "*" | "/"; left: Node; right: Node };

type Token = { kind: "number"; text: string } | { kind: "name"; text: string } | { kind: "punct"; text: string };

function refuse(construct: string, context: string): never {
  throw new Error(`LTspice translation: no rule for ${construct} in "${context}"`);
}

/** The tokens of an expression; anything but numbers, names, parentheses, commas and + - * / is refused. */
function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < expression.length) {
    const rest = expression.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    // A number is digits, an optional fraction and exponent, and nothing glued to it (no unit suffix, which
    // the two simulators do not all read alike: "M" is milli, "meg" mega).
    const number = /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?(?![\w.])/.exec(rest);
    if (number) {
      tokens.push({ kind: "number", text: number[0] });
      at += number[0].length;
      continue;
    }
    if (/^\d/.test(rest)) refuse(`the number "${/^[\w.]+/.exec(rest)![0]}" (a unit suffix or a malformed number)`, expression);
    const name = /^[A-Za-z_]\w*/.exec(rest);
    if (name) {
      tokens.push({ kind: "name", text: name[0] });
      at += name[0].length;
      continue;
    }
    if (rest.startsWith("**")) refuse("the operator **", expression);
    if ("()+-*/,".includes(rest[0]!)) {
      tokens.push({ kind: "punct", text: rest[0]! });
      at += 1;
      continue;
    }
    refuse(`the operator or character "${rest[0]}"`, expression);
  }
  return tokens;
}

/** Recursive descent over + - (lowest), * /, unary minus, calls, v(…) and parentheses. */
function parse(expression: string): Node {
  const tokens = tokenize(expression);
  let at = 0;
  const peek = () => tokens[at];
  const expect = (text: string) => {
    const token = tokens[at];
    if (token?.kind !== "punct" || token.text !== text) refuse(`"${token?.text ?? "the end"}" where "${text}" was expected`, expression);
    at++;
  };
  const sum = (): Node => {
    let node = product();
    for (let token = peek(); token?.kind === "punct" && (token.text === "+" || token.text === "-"); token = peek()) {
      at++;
      node = { type: "binary", op: token.text, left: node, right: product() };
    }
    return node;
  };
  const product = (): Node => {
    let node = unary();
    for (let token = peek(); token?.kind === "punct" && (token.text === "*" || token.text === "/"); token = peek()) {
      at++;
      node = { type: "binary", op: token.text, left: node, right: unary() };
    }
    return node;
  };
  const unary = (): Node => {
    const token = peek();
    if (token?.kind === "punct" && token.text === "-") {
      at++;
      return { type: "negate", operand: unary() };
    }
    return primary();
  };
  const primary = (): Node => {
    const token = tokens[at++];
    if (!token) return refuse("an expression that ends early", expression);
    if (token.kind === "number") return { type: "number", text: token.text, value: Number(token.text) };
    if (token.kind === "punct") {
      if (token.text !== "(") refuse(`"${token.text}" where an operand was expected`, expression);
      const inner = sum();
      expect(")");
      return { type: "group", inner };
    }
    const name = token.text.toLowerCase();
    // A bare name is a variable or parameter (ngspice's temper, a .param): no rule carries one across.
    const open = tokens[at];
    if (open?.kind !== "punct" || open.text !== "(") refuse(`the name ${token.text}`, expression);
    at++;
    if (name === "v") {
      // A node voltage, v(a) or v(a,b): node names, not expressions.
      const nodes: string[] = [];
      for (;;) {
        const node = tokens[at++];
        if (!node || node.kind === "punct") refuse("a v() without node names", expression);
        nodes.push(node.text);
        const next = tokens[at++];
        if (next?.kind === "punct" && next.text === ")") break;
        if (next?.kind !== "punct" || next.text !== ",") refuse("a malformed v()", expression);
      }
      if (nodes.length > 2) refuse("a v() of more than two nodes", expression);
      return { type: "voltage", nodes };
    }
    if (name !== "pwl" && !SAME_FUNCTIONS.has(name)) refuse(`the function ${token.text}()`, expression);
    const args = [sum()];
    for (let next = peek(); next?.kind === "punct" && next.text === ","; next = peek()) {
      at++;
      args.push(sum());
    }
    expect(")");
    return { type: "call", name, args };
  };
  const tree = sum();
  if (at !== tokens.length) refuse(`"${tokens[at]!.text}" after a complete expression`, expression);
  return tree;
}

/** A literal's value, allowing a unary minus (pwl's points). */
function literal(node: Node, expression: string): { text: string; value: number } {
  if (node.type === "number") return node;
  if (node.type === "negate" && node.operand.type === "number") return { text: `-${node.operand.text}`, value: -node.operand.value };
  return refuse("a pwl() point that is not a number", expression);
}

/**
 * A computed slope to 12 significant digits: the points' own numbers have six, so the interpolated values agree
 * with ngspice's pwl() to about 1e-12, without the 17-digit tails of binary subtraction (0.003751199999999999).
 */
const coefficient = (value: number) => String(Number(value.toPrecision(12))).replace("e+", "e");
/** `+v` or `-|v|`, so that no `+-` or `--` appears. */
const signed = (value: number, text = coefficient(Math.abs(value))) => (value < 0 ? `-${text}` : `+${text}`);

/**
 * ngspice's pwl(x, x0,y0, …, xn,yn): linear between the points and extrapolated along the first and last segments
 * outside them (ngspice manual, B source "pwl"). Written as y0 plus each segment's slope times the part of x that
 * falls in it: the first segment unbounded below, the last unbounded above, the middle ones clamped, so the value
 * is the same everywhere, extrapolation included.
 */
function pwlSegments(args: Node[], expression: string): string {
  const [x, ...rest] = args;
  if (!x || rest.length < 2 || rest.length % 2 !== 0) return refuse("a pwl() without pairs of points", expression);
  const points = [];
  for (let index = 0; index < rest.length; index += 2) points.push({ x: literal(rest[index]!, expression), y: literal(rest[index + 1]!, expression) });
  for (let index = 1; index < points.length; index++)
    if (!(points[index]!.x.value > points[index - 1]!.x.value)) refuse("a pwl() whose x values do not increase", expression);
  const arg = emit(x, expression);
  const first = points[0]!;
  if (points.length === 1) return `(${first.y.text})`;
  const terms = [first.y.text];
  for (let index = 0; index < points.length - 1; index++) {
    const from = points[index]!;
    const to = points[index + 1]!;
    const slope = (to.y.value - from.y.value) / (to.x.value - from.x.value);
    if (slope === 0) continue;
    const last = index === points.length - 2;
    const lower = index === 0 ? arg : `max(${arg},${from.x.text})`;
    const clamped = last ? lower : `min(${lower},${to.x.text})`;
    terms.push(`${signed(slope)}*(${clamped}${signed(-from.x.value, from.x.text.replace(/^-/, ""))})`);
  }
  return `(${terms.join("")})`;
}

function emit(node: Node, expression: string): string {
  switch (node.type) {
    case "number":
      return node.text;
    case "voltage":
      return `v(${node.nodes.join(",")})`;
    case "group":
      return `(${emit(node.inner, expression)})`;
    case "negate":
      return `-${emit(node.operand, expression)}`;
    case "binary":
      return `${emit(node.left, expression)}${node.op}${emit(node.right, expression)}`;
    case "call":
      return node.name === "pwl" ? pwlSegments(node.args, expression) : `${node.name}(${node.args.map((arg) => emit(arg, expression)).join(",")})`;
  }
}

/** A B-source expression in LTspice's dialect (exported for the tests of the translation itself). */
export function ltspiceExpression(expression: string): string {
  return emit(parse(expression), expression);
}

/** A plain number: what the netlists give R, C, L and V (no unit suffix, no expression). */
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * The ngspice header's sentences that name ngspice, and what the LTspice file says instead. A comment that still
 * names ngspice after these is refused: it was written for ngspice users and needs its own LTspice wording here.
 */
const COMMENT_REWRITES: Array<[RegExp, string]> = [
  [/ - ngspice model, version /, " - LTspice model, version "],
  [/B sources only, ngspice without a compatibility mode/, "B sources only; translated line by line from the ngspice file of the same version"],
  [/helps ngspice find/, "helps the simulator find"],
  [/capacitance ngspice runs/, "capacitance the simulator runs"],
  [
    /B sources and linear G sources, ngspice without a compatibility mode/,
    "B sources and linear G sources; translated line by line from the ngspice file of the same version",
  ],
];

function rewriteComment(line: string): string {
  let text = line;
  let left = line;
  for (const [from, to] of COMMENT_REWRITES) {
    text = text.replace(from, to);
    left = left.replace(from, "");
  }
  if (/ngspice/i.test(left)) refuse("a comment that names ngspice", line);
  return text;
}

/** The lines that tell an LTspice user how to load the file and draw its symbol, after the header's first lines. */
function usage(part: string, pins: string[], fileName: string): string[] {
  return [
    "*",
    "* Use in LTspice: place the SPICE directive",
    `*   .lib ${fileName}`,
    "* (with its path, or the file beside the schematic) and a symbol whose netlist order is the .subckt's pins:",
    ...pins.map((pin, index) => `*   ${index + 1} ${pin}`),
    `* with Prefix X and Value ${part}. LTspice can draw one: open this file, right-click the .subckt line and choose`,
    "* Create Symbol. The thermal pins must be connected (a voltage source on tj or tc, or your heat-sink network).",
    "* pwl() tables of the ngspice file are written here as sums of clamped linear segments (min/max), the same values.",
  ];
}

/** The LTspice library file of a part, from its ngspice netlist (ngspice.ts); `fileName` is what the header tells users to .lib. */
export function ltspiceModel(ngspice: string, fileName: string): string {
  const lines = ngspice.split("\n");
  const subckts = lines.map((line) => /^\.subckt\s+(\S+)\s+(.*)$/i.exec(line)).filter((found) => found !== null);
  // A module's file defines its switch's and diode's subcircuits before the module's own, named as the part.
  const named = fileName.replace(/\.ltspice\.lib$/, "");
  const subckt = subckts.find((found) => found[1] === named) ?? subckts[0];
  if (!subckt) return refuse("a netlist without a .subckt line", lines[0] ?? "");
  for (const found of subckts) if (/=|params:/i.test(found[2]!)) refuse("parameters on the .subckt line", found[0]);
  const defined = new Set(subckts.map((found) => found[1]!.toLowerCase()));
  const part = subckt[1]!;
  const pins = subckt[2]!.trim().split(/\s+/);
  if (pins.some((pin) => pin.includes("=") || /^params:/i.test(pin))) refuse("parameters on the .subckt line", subckt[0]);
  const out: string[] = [];
  let headerDone = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === "") {
      out.push(line);
      continue;
    }
    if (trimmed.startsWith("*")) {
      out.push(rewriteComment(line));
      // The usage block goes after the header's first two lines (part and origin), before the pins.
      if (!headerDone && out.length === 2) {
        out.push(...usage(part, pins, fileName));
        headerDone = true;
      }
      continue;
    }
    const fields = trimmed.split(/\s+/);
    const head = fields[0]!.toLowerCase();
    if (head === ".subckt" || (head === ".ends" && fields.length <= 2)) {
      out.push(trimmed);
      continue;
    }
    const letter = head[0];
    if ((letter === "r" || letter === "c" || letter === "l" || letter === "v") && fields.length === 4 && PLAIN_NUMBER.test(fields[3]!)) {
      out.push(trimmed);
      continue;
    }
    // A linear voltage-controlled current source (the charge stand-ins of decision 051): `G n+ n- nc+ nc- gain`, the
    // same line in both dialects (LTspice help, "G. Voltage Dependent Current Source").
    if (letter === "g" && fields.length === 6 && fields.slice(1, 5).every((field) => /^\w+$/.test(field)) && PLAIN_NUMBER.test(fields[5]!)) {
      out.push(trimmed);
      continue;
    }
    // An instance of a subcircuit this file defines, by node names only: the same line in both dialects.
    if (letter === "x" && fields.length >= 3 && defined.has(fields.at(-1)!.toLowerCase()) && fields.every((field) => /^[\w.]+$/.test(field))) {
      out.push(trimmed);
      continue;
    }
    const behavioural = /^(B\S*)\s+(\S+)\s+(\S+)\s+([IV])\s*=\s*(.+)$/i.exec(trimmed);
    if (behavioural) {
      const [, name, plus, minus, kind, expression] = behavioural;
      out.push(`${name} ${plus} ${minus} ${kind}=${ltspiceExpression(expression!)}`);
      continue;
    }
    refuse(`the line "${fields[0]}…"`, trimmed);
  }
  if (!headerDone) refuse("a netlist without a header", lines[0] ?? "");
  return out.join("\n");
}
