// The workbench page: the pieces of /api/pieces, kept up to date by /api/events.
// Plain DOM, no build step; every text from the game goes in as text, never as HTML.
"use strict";

const CARD_MM = 85.6; // a bank card's width (ISO/IEC 7810 ID-1)
const SCREEN_PX_PER_MM = 96 / 25.4; // CSS millimetres, before calibration
const SHOWN_HEIGHT_PX = 190; // a piece's height when not at print size
const state = { pieces: [], game: null, banner: null, open: null, expansion: null };
const view = {
  grey: false,
  miscut: false,
  printSize: false,
  pxPerMm: Number(localStorage.getItem("pnp.pxPerMm")) || SCREEN_PX_PER_MM,
};
const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

let looked = false; // the first look takes the first file's pieces; events bring the rest

async function load() {
  try {
    const answer = await fetch(looked ? "/api/pieces" : "/api/pieces?first=1");
    looked = true;
    if (!answer.ok) throw new Error(`the server answered ${answer.status}`);
    const data = await answer.json();
    state.pieces = data.pieces;
    state.game = data.game;
    state.banner = data.banner;
    state.expansion = data.expansion;
    $("status").textContent = `${data.pieces.length} pieces`;
    if (!data.complete) setTimeout(load, 250); // the first reading goes on
  } catch (error) {
    $("status").textContent = `Cannot reach the workbench: ${error.message}`;
    return;
  }
  if (state.game) {
    document.title = `${state.game.name} — pnp workbench`;
    $("title").textContent = state.game.name;
  }
  showBanner();
  showExpansion();
  fillChoices();
  render();
  if (state.open) openPiece(state.open, false);
}

function showBanner() {
  $("banner").hidden = !state.banner;
  $("banner").textContent = state.banner || "";
}

function showExpansion() {
  const x = state.expansion;
  $("changes-label").hidden = !x;
  if (!x) return;
  const c = x.counts;
  $("changes-label").title = `${x.name}: ${c.new} new, ${c.changed} changed, ${c.removed} removed`;
}

function changed(piece) {
  return piece.status && piece.status !== "same";
}

function fillChoices() {
  for (const key of ["kind", "deck", "type"]) {
    const select = $(key);
    const kept = select.value;
    const values = [...new Set(state.pieces.map((p) => p[key]).filter(Boolean))].sort();
    select.replaceChildren(el("option", { value: "", text: "all" }),
      ...values.map((v) => el("option", { value: v, text: v })));
    select.value = values.includes(kept) ? kept : "";
  }
}

function shown(piece) {
  const words = $("search").value.trim().toLowerCase();
  if (words) {
    const text = [piece.name, piece.id, piece.source, ...piece.findings.map((f) => f.message)]
      .join(" ").toLowerCase();
    if (!words.split(/\s+/).every((w) => text.includes(w))) return false;
  }
  for (const key of ["kind", "deck", "type"]) {
    if ($(key).value && piece[key] !== $(key).value) return false;
  }
  if ($("with-findings").checked && !piece.findings.length) return false;
  if ($("outliers").checked && !(piece.statistics && piece.statistics.flagged)) return false;
  if (state.expansion && $("changes").checked && !changed(piece)) return false;
  return true;
}

function groupsOf(pieces) {
  // file, then deck, then type: the order the build prints them in
  const files = new Map();
  for (const piece of pieces) {
    const file = piece.file || "(not printed)";
    const sub = [piece.deck, piece.type].filter(Boolean).join(" · ") || piece.kind;
    if (!files.has(file)) files.set(file, new Map());
    const subs = files.get(file);
    if (!subs.has(sub)) subs.set(sub, []);
    subs.get(sub).push(piece);
  }
  return files;
}

function render() {
  const focused = document.activeElement && document.activeElement.dataset.id;
  const main = $("pieces");
  const pieces = state.pieces.filter(shown);
  const sections = [];
  for (const [file, subs] of groupsOf(pieces)) {
    const section = el("section", { class: "group", "aria-label": file }, el("h2", { text: file }));
    for (const [sub, members] of subs) {
      section.append(el("h3", { text: `${sub} (${members.length})` }));
      section.append(el("div", { class: "grid" }, ...members.map(tile)));
    }
    sections.push(section);
  }
  main.replaceChildren(...sections);
  $("status").textContent = `${pieces.length} of ${state.pieces.length} pieces shown`;
  if (focused) {
    const again = main.querySelector(`[data-id="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

function frame(piece) {
  const [w, h] = piece.size_mm;
  const bleed = piece.bleed_mm;
  const k = view.printSize ? view.pxPerMm : SHOWN_HEIGHT_PX / Math.max(h, 1);
  const shift = view.miscut ? Math.min(1, bleed) : 0;
  const img = el("img", {
    src: piece.image + (view.grey ? "&grey=1" : ""),
    alt: piece.name,
    loading: "lazy",
    width: String(Math.round((w + 2 * bleed) * k)),
    height: String(Math.round((h + 2 * bleed) * k)),
  });
  img.style.left = `${(-bleed + shift) * k}px`;
  img.style.top = `${(-bleed + shift) * k}px`;
  const box = el("div", { class: "frame" }, img);
  box.style.width = `${w * k}px`;
  box.style.height = `${h * k}px`;
  return box;
}

function worst(piece) {
  if (piece.findings.some((f) => f.severity === "error")) return "error";
  return piece.findings.length ? "warning" : "";
}

function tile(piece) {
  const level = worst(piece);
  const badges = el("span", { class: "meta" }, `×${piece.copies} · ${piece.kind}`);
  if (level) {
    badges.append(" ", el("span", {
      class: `badge ${level}`, text: String(piece.findings.length),
      title: `${piece.findings.length} finding(s)`,
    }));
  }
  if (changed(piece)) {
    badges.append(" ", el("span", { class: `badge ${piece.status}`, text: piece.status }));
  }
  if (piece.statistics && piece.statistics.flagged) {
    badges.append(" ", el("span", { class: "badge flag", text: "IWD", title: "a statistic outlier" }));
  }
  const list = el("ul", { class: "findings" },
    ...piece.findings.slice(0, 3).map((f) => el("li", { class: f.severity, text: f.text })));
  return el("button", {
    type: "button",
    class: `piece ${level ? `has-${level}` : ""} ${piece.status === "removed" ? "removed" : ""}`,
    "data-id": piece.id,
    "aria-label": `${piece.name}, ${piece.kind}${changed(piece) ? `, ${piece.status}` : ""}${level ? `, ${piece.findings.length} finding(s)` : ""}`,
    onclick: () => openPiece(piece.id, true),
  }, frame(piece), el("span", { class: "name", text: piece.name }), badges, list);
}

function row(key, value) {
  return el("tr", {}, el("th", { text: key }), el("td", { text: value }));
}

function table(entries) {
  return el("table", {}, ...entries.map(([k, v]) => row(k, v)));
}

function percent(x) {
  return x == null ? "–" : `${(100 * x).toFixed(1)} %`;
}

async function openPiece(id, focus) {
  const answer = await fetch(`/api/pieces/${encodeURI(id)}`);
  if (!answer.ok) return;
  const piece = await answer.json();
  state.open = id;
  $("panel-title").textContent = piece.name;
  const body = [frame(piece), table([
    ["id", piece.id], ["kind", piece.kind], ["deck", piece.deck || "–"],
    ["type", piece.type || "–"], ["source", piece.source], ["copies", String(piece.copies)],
    ["revision", String(piece.revision)],
  ])];
  if (piece.status === "changed") body.push(...beforeAndAfter(piece));
  if (piece.findings.length) {
    body.push(el("h3", { text: "Findings" }), el("ul", { class: "findings" },
      ...piece.findings.map((f) => el("li", { class: f.severity, text: f.text }))));
  }
  const s = piece.statistics;
  if (s) {
    const ci = s.iwd_ci95 ? ` (${percent(s.iwd_ci95[0])} to ${percent(s.iwd_ci95[1])})` : "";
    body.push(el("h3", { text: "Playtest statistics" }), table([
      ["drawn", String(s.drawn)], ["played", String(s.played)],
      ["win when drawn", percent(s.win_when_drawn)],
      ["win when not drawn", percent(s.win_when_not_drawn)],
      ["improvement when drawn", percent(s.iwd) + ci],
      ["flagged", s.flagged ? "yes" : "no"],
      ...(s.base ? [["improvement when drawn, base game", percent(s.base.iwd)],
        ["change with the expansion", s.iwd_change == null ? "–" : `${(100 * s.iwd_change).toFixed(1)} points`]] : []),
    ]));
  }
  body.push(el("h3", { text: "Where it prints" }), table(piece.where.slice(0, 40).map((w) => [
    `${w.file} p. ${w.page}`, `sheet ${w.sheet}, ${w.side}, at ${w.trim_mm.slice(0, 2).join(", ")} mm`,
  ])));
  if (piece.yaml) {
    body.push(el("h3", { text: `${piece.yaml.path}:${piece.yaml.first}–${piece.yaml.last}` }),
      el("pre", { text: piece.yaml.text }));
  }
  if (piece.template) {
    body.push(el("h3", { text: "Template" }),
      el("p", { text: `${piece.template.layout}${piece.template.path ? ` (${piece.template.path})` : ""}` }));
  }
  body.push(el("h3", { text: "Fields" }), el("pre", { text: JSON.stringify(piece.fields, null, 1) }));
  $("panel-body").replaceChildren(...body);
  $("panel").hidden = false;
  if (focus) $("panel-close").focus();
}

function beforeAndAfter(piece) {
  // a changed design: the base game's picture, and each field the expansion changed
  const show = (v) => (v == null ? "–" : typeof v === "string" ? v : JSON.stringify(v));
  const out = [el("h3", { text: `Before ${state.expansion ? state.expansion.name : "the expansion"}` })];
  if (piece.base_image) out.push(el("div", { class: "before" }, frame({ ...piece, image: piece.base_image })));
  out.push(el("table", { class: "diff" }, el("tr", {}, el("th", { text: "field" }),
    el("th", { text: "base" }), el("th", { text: "with the expansion" })),
    ...piece.field_diff.map((f) => el("tr", {}, el("td", { text: f.field }),
      el("td", { text: show(f.base) }), el("td", { text: show(f.variant) })))));
  return out;
}

function closePanel(id) {
  $(id).hidden = true;
  if (id === "panel" && state.open) {
    const tileOf = document.querySelector(`[data-id="${CSS.escape(state.open)}"]`);
    state.open = null;
    if (tileOf) tileOf.focus();
  }
}

function toggle(id, key) {
  $(id).addEventListener("click", () => {
    view[key] = !view[key];
    $(id).setAttribute("aria-pressed", String(view[key]));
    render();
  });
}

function calibrate() {
  const ruler = $("ruler");
  const slider = $("ruler-width");
  slider.value = String(Math.round(view.pxPerMm * CARD_MM));
  const show = () => { ruler.style.width = `${slider.value}px`; };
  slider.oninput = show;
  show();
  $("calibration").hidden = false;
  slider.focus();
}

async function showFiles() {
  $("files").hidden = false;
  $("files-body").replaceChildren(el("p", { text: "Building…" }));
  $("files-close").focus();
  const answer = await fetch("/files/");
  const data = await answer.json();
  if (!answer.ok) {
    $("files-body").replaceChildren(el("p", { class: "error", text: data.error }));
    return;
  }
  $("files-body").replaceChildren(el("ul", {}, ...data.files.map((f) => el("li", {},
    el("a", { href: f.url, download: f.path, text: f.path }), ` — ${f.kind}, ${f.sheets} sheet(s)`))));
}

function listen() {
  const events = new EventSource("/api/events");
  window.pnpEvents = events; // playtest.js hears its progress on the same stream
  events.addEventListener("pieces", (event) => {
    const data = JSON.parse(event.data);
    state.banner = data.banner;
    showBanner();
    load();
  });
}

document.addEventListener("DOMContentLoaded", () => {
  for (const id of ["search", "kind", "deck", "type", "with-findings", "outliers", "changes"]) {
    $(id).addEventListener("input", render);
  }
  toggle("grey", "grey");
  toggle("miscut", "miscut");
  toggle("print-size", "printSize");
  $("calibrate").addEventListener("click", calibrate);
  $("calibration-save").addEventListener("click", () => {
    view.pxPerMm = Number($("ruler-width").value) / CARD_MM;
    localStorage.setItem("pnp.pxPerMm", String(view.pxPerMm));
    closePanel("calibration");
    render();
  });
  $("calibration-reset").addEventListener("click", () => {
    localStorage.removeItem("pnp.pxPerMm");
    view.pxPerMm = SCREEN_PX_PER_MM;
    closePanel("calibration");
    render();
  });
  $("files-link").addEventListener("click", (event) => { event.preventDefault(); showFiles(); });
  for (const id of ["panel", "calibration", "files"]) {
    $(`${id}-close`).addEventListener("click", () => closePanel(id));
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const id of ["calibration", "files", "panel"]) {
      if (!$(id).hidden) { closePanel(id); break; }
    }
  });
  load();
  listen();
});
