// The workbench's playtest form: POST /api/playtest starts bots playing in the background
// (a new start cancels the one under way); its progress arrives as `playtest` events on
// the page's event stream, and the pieces get their statistics when it ends.
"use strict";

function showPlaytest(s) {
  const bar = document.getElementById("pt-progress");
  const said = document.getElementById("pt-status");
  if (!s || s.state === "idle") return;
  bar.hidden = s.state !== "running";
  bar.max = s.games || 1;
  bar.value = s.done || 0;
  if (s.state === "running") said.textContent = `${s.done} of ${s.games} games`;
  else if (s.state === "done") {
    const rates = s.summary.win_rates.map((r) => `${(100 * r).toFixed(0)} %`).join(", ");
    said.textContent = `${s.summary.games} games played; wins by seat ${rates}`;
  } else if (s.state === "cancelled") said.textContent = "cancelled";
  else said.textContent = `failed: ${s.error}`;
}

async function startPlaytest(event) {
  event.preventDefault();
  const number = (id) => Number(document.getElementById(id).value);
  const body = {
    games: number("pt-games"),
    seed: number("pt-seed"),
    bots: document.getElementById("pt-bots").value,
  };
  const answer = await fetch("/api/playtest", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) document.getElementById("pt-status").textContent = data.error;
  else showPlaytest(data);
}

document.addEventListener("DOMContentLoaded", async () => {
  document.getElementById("playtest").addEventListener("submit", startPlaytest);
  if (window.pnpEvents) {
    window.pnpEvents.addEventListener("playtest", (e) => showPlaytest(JSON.parse(e.data)));
  }
  const answer = await fetch("/api/playtest");
  if (answer.ok) showPlaytest(await answer.json());
});
