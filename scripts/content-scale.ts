// `npm run content:scale -- --products N --news M --out DIR`: writes a content folder with the shipped content
// scaled up to a real vendor's catalog (N products, M news), deterministic for the same arguments, for
// benchmarks and scale tests (`CONTENT_DIR=DIR npm start`). The shipped content itself is never changed.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { shippedContentDir } from "../server/upstream/content/load.ts";
import { MODEL_VERSION } from "../server/upstream/models/pack.ts";

type Json = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the content files' JSON, read and rewritten field by field; the upstream's content tests check its shape.
type Loose = Record<string, any>;
type L = { zh: string; en: string };

/** mulberry32: a small seeded generator, so the same arguments always give the same catalog. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sig = (value: number, digits = 3) => Number(value.toPrecision(digits));
const whole = (value: number) => Math.max(1, Math.round(value));

/**
 * A variant of a part with a die (or chip set) `size` times the template's: on-state resistance falls and
 * current ratings, charges and capacitances rise in proportion, thermal resistance falls a little slower (the
 * package does not shrink with the die), switching energies at the same test current rise with capacitance.
 */
function scaleParams(family: number, params: Json, size: number, pick: () => number): Json {
  const p = { ...params } as Record<string, unknown>;
  const num = (key: string, f: (v: number) => number) => {
    if (typeof p[key] === "number") p[key] = f(p[key] as number);
  };
  if (family === 100) {
    num("rdson", (v) => sig(v / size, 2));
    num("id25", (v) => whole(v * size));
    num("id100", (v) => whole(v * size));
    num("qg", (v) => whole(v * size));
    num("vgsth", (v) => sig(v + (pick() - 0.5) * 0.3, 2));
  } else if (family === 200) {
    num("if", (v) => whole(v * size));
    num("qc", (v) => whole(v * size));
    num("ifsm", (v) => whole(v * size));
    num("vf", (v) => sig(v + (pick() - 0.5) * 0.08, 3));
  } else if (family === 300) {
    num("id", (v) => whole(v * size));
    num("rdson", (v) => sig(v / size, 2));
  } else if (family === 400) {
    num("icnom", (v) => whole(v * size));
    num("vcesat", (v) => sig(v + (pick() - 0.5) * 0.2, 3));
  } else if (family === 500) {
    num("peakSource", (v) => sig(v * size, 2));
    num("peakSink", (v) => sig(v * size, 2));
    num("tpd", (v) => whole(v * (0.8 + pick() * 0.4)));
  }
  return p;
}

function scaleLoss(loss: Json, size: number): Json {
  const l = structuredClone(loss) as Loose;
  const onState = (curve: { r: number[] } | undefined) => {
    if (curve) curve.r = curve.r.map((r) => sig(r / size));
  };
  // The E(R_G) curves scale as the energies at the reference do (the same factor, so they keep agreeing).
  const gate = (keys: string[], factor: number) => {
    for (const key of keys) l.gate[key] = l.gate[key].map((energy: number) => sig(energy * factor));
  };
  // So do the E(I) tables, row by row.
  const table = (keys: string[], factor: number) => {
    for (const key of keys) l.energies[key] = l.energies[key].map((row: number[]) => row.map((energy) => sig(energy * factor)));
  };
  l.ratings.i = whole(l.ratings.i * size);
  // A Foster network scaled with its R_th, the last pair taking the rounding so the r_i still sum to it.
  const network = (pairs: Array<{ r: number; tau: number }> | undefined, rth: number, scaled: number) => {
    if (!pairs) return pairs;
    const next = pairs.map((pair) => ({ r: sig((pair.r * scaled) / rth), tau: pair.tau }));
    next.at(-1)!.r = Number((scaled - next.slice(0, -1).reduce((sum, pair) => sum + pair.r, 0)).toFixed(6));
    return next;
  };
  const rth = sig(l.rth / size ** 0.8);
  l.zth = network(l.zth, l.rth, rth);
  l.rth = rth;
  if (typeof l.rthDiode === "number") {
    const rthDiode = sig(l.rthDiode / size ** 0.8);
    l.zthDiode = network(l.zthDiode, l.rthDiode, rthDiode);
    l.rthDiode = rthDiode;
  }
  if (l.kind === "mosfet") {
    onState(l.channel);
    onState(l.bodyDiode);
    l.eOn = sig(l.eOn * size ** 0.5);
    l.eOff = sig(l.eOff * size ** 0.5);
    gate(["eOn", "eOff"], size ** 0.5);
    table(["eOn", "eOff"], size ** 0.5);
    l.energies.qrr = l.energies.qrr.map((qrr: number) => sig(qrr * size));
    l.bodyDiode.qrr = sig(l.bodyDiode.qrr * size);
  } else if (l.kind === "diode") {
    onState(l.forward);
    l.qc = sig(l.qc * size);
  } else {
    // IGBT modules are tested at their nominal current: the test current and the energies scale together.
    onState(l.igbt);
    onState(l.diode);
    l.switchingRef.i = whole(l.switchingRef.i * size);
    for (const key of ["eOn", "eOff", "eRec"]) l[key] = sig(l[key] * size);
    gate(["eOn", "eOff", "eRec"], size);
    table(["eOn", "eOff", "eRec"], size);
    l.energies.i = l.energies.i.map((current: number) => sig(current * size));
  }
  // The worst case's maximum: the same voltage at the scaled current (r scales inversely), energies as above.
  if (l.max) {
    l.max.i = sig(l.max.i * size);
    const energy = l.kind === "mosfet" ? size ** 0.5 : size;
    if (typeof l.max.eSwitch === "number") l.max.eSwitch = sig(l.max.eSwitch * energy);
    if (typeof l.max.eRec === "number") l.max.eRec = sig(l.max.eRec * size);
  }
  return l;
}

const families: Record<number, { zh: string; en: string }> = {
  100: { zh: "碳化硅MOSFET", en: "SiC MOSFET" },
  200: { zh: "碳化硅肖特基二极管", en: "SiC Schottky diode" },
  300: { zh: "碳化硅功率模块", en: "SiC power module" },
  400: { zh: "IGBT模块", en: "IGBT module" },
  500: { zh: "隔离栅极驱动器", en: "isolated gate driver" },
};

/** The headline numbers of a part, as its summary and datasheet state them. */
function headline(family: number, params: Loose): string {
  const text = (value: unknown) => (typeof value === "object" && value ? (value as L).en : String(value));
  switch (family) {
    case 100:
      return `${params.vds} V, ${params.rdson} mOhm, ${params.id100} A at 100 deg C`;
    case 200:
      return `${params.vrrm} V, ${params.if} A, Q_C ${params.qc} nC`;
    case 300:
      return `${params.vds} V, ${params.id} A, ${params.rdson} mOhm`;
    case 400:
      return `${params.vces} V, ${params.icnom} A, V_CE(sat) ${params.vcesat} V`;
    default:
      return `${params.channels} channel(s), ${params.peakSource} A / ${params.peakSink} A peak, ${params.isolation} V isolation, ${text(params.package)}`;
  }
}

function summary(family: number, params: Loose, packageName: string): L {
  const name = families[family]!;
  const numbers = headline(family, params).replace("mOhm", "mΩ").replace("deg C", "°C");
  return { zh: `${numbers}${name.zh}，${packageName}封装。`, en: `${numbers} ${name.en} in ${packageName}.` };
}

/** A new part number in the template's style: its prefix, the scaled headline value, and a variant suffix. */
function partNumber(template: string, index: number, taken: Set<string>): string {
  const base = template.replace(/\d+/, (digits) => String(((Number(digits) + index * 7) % (10 ** digits.length - 1)) + 1).padStart(digits.length, "0"));
  let candidate = base;
  for (let variant = 2; taken.has(candidate); variant++) candidate = `${base}-${variant}`;
  taken.add(candidate);
  return candidate;
}

function main(): void {
  const { values } = parseArgs({
    options: { products: { type: "string", default: "10000" }, news: { type: "string", default: "1000" }, out: { type: "string" } },
  });
  const productCount = Number(values.products);
  const newsCount = Number(values.news);
  if (!values.out || !Number.isInteger(productCount) || !Number.isInteger(newsCount) || productCount < 1 || newsCount < 1) {
    console.error("usage: npm run content:scale -- --products N --news M --out DIR");
    process.exit(2);
  }
  const out = path.resolve(values.out);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(shippedContentDir, out, { recursive: true, filter: (source) => !/\.(ts|md)$/.test(source) });

  const read = (file: string) => JSON.parse(readFileSync(path.join(shippedContentDir, file), "utf8"));
  const write = (file: string, data: unknown) => writeFileSync(path.join(out, file), JSON.stringify(data));
  const categories: Json[] = read("catalog/categories.json");
  const products: Loose[] = read("catalog/products.json");
  const losses: Loose[] = read("catalog/loss-data.json");
  const documents: Loose[] = read("documents.json");
  const news: Loose[] = read("news.json");

  const familyOf = new Map<number, number>();
  for (const category of categories) familyOf.set(category.id as number, (category.parentId as number | null) ?? (category.id as number));
  const lossByPart = new Map(losses.map((row) => [row.partNumber as string, row]));
  const documentById = new Map(documents.map((document) => [document.id as string, document]));
  const templates = products.filter((product) => product.status === "on");
  const taken = new Set(products.map((product) => product.partNumber as string));
  const pick = random(productCount * 31 + newsCount);
  let nextId = Math.max(...products.map((product) => product.id as number)) + 1;

  for (let index = 0; products.length < productCount; index++) {
    const template = templates[index % templates.length]!;
    const family = familyOf.get(template.parentId)!;
    // Dies from half to 2.5 times the template's, log-uniform, as a real series spans its current ratings.
    const size = Math.exp(Math.log(0.5) + pick() * Math.log(5));
    const params = scaleParams(family, template.params, size, pick);
    const packageName = typeof params.package === "string" ? params.package : "";
    const number = partNumber(template.partNumber, index + 1, taken);
    const datasheetId = `ds-${number.toLowerCase()}`;
    const templateSheet = (template.documents as string[]).map((id) => documentById.get(id)).find((document) => document?.type === "datasheet");
    const text = summary(family, params, packageName);
    products.push({
      ...template,
      id: nextId++,
      partNumber: number,
      sort: 1000 + index,
      // About one part in twenty is switched off, as in a real catalog (last-time-buy, not yet released).
      status: pick() < 0.05 ? "off" : "on",
      isNew: pick() < 0.1,
      name: { zh: number, en: number },
      summary: text,
      description: { zh: [text.zh], en: [text.en] },
      params,
      documents: (template.documents as string[]).map((id) => (id === templateSheet?.id ? datasheetId : id)),
    });
    const loss = lossByPart.get(template.partNumber);
    if (loss) losses.push({ ...scaleLoss(loss, size), partNumber: number });
    // A part whose template has model files gets the template's files of the current version under its own part
    // number: a family's model pack then holds thousands of parts, as the bench's archive measurement needs. Their
    // contents are the template's (a generated part's datasheet text states none of what a model needs); the bench
    // measures the archive's size and the server's memory, not the files.
    const models = path.join(shippedContentDir, "models", template.partNumber, MODEL_VERSION);
    if (existsSync(models)) {
      const folder = path.join(out, "models", number, MODEL_VERSION);
      mkdirSync(folder, { recursive: true });
      for (const file of readdirSync(models)) cpSync(path.join(models, file), path.join(folder, number + file.slice(template.partNumber.length)));
    }
    if (templateSheet) {
      documents.push({
        ...templateSheet,
        id: datasheetId,
        title: { zh: `${number} 数据手册`, en: `${number} datasheet` },
        summary: text,
        productIds: [nextId - 1],
        pages: { en: [`${number} - ${families[family]!.en}, ${headline(family, params)}`, `Package: ${packageName.replace(/[^\x20-\x7e]/g, "")}`] },
      });
    }
  }

  const newestNews = Math.max(...news.map((article) => article.id as number));
  const shippedNews = news.length;
  for (let index = 0; news.length < newsCount; index++) {
    const template = news[index % shippedNews]!;
    // Older copies of the shipped articles: each round of copies is dated 90 days before the previous one.
    const date = new Date(`${template.date}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - 90 * (Math.floor(index / shippedNews) + 1));
    news.push({ ...template, id: newestNews + index + 1, date: date.toISOString().slice(0, 10), views: Math.floor(pick() * 5000) });
  }

  write("catalog/products.json", products);
  write("catalog/loss-data.json", losses);
  write("documents.json", documents);
  write("news.json", news);
  console.log(`content:scale: ${products.length} products, ${news.length} news, ${documents.length} documents in ${out}`);
}

main();
