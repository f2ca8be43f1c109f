// The learner page: sends the text to POST /correct?stream=true, draws each sentence as its
// tokens arrive, then replaces it with a word-level diff once the server's reviewed verdict comes.
// Plain browser JavaScript, no build step, no dependency (see docs/page.md).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const form = $("form"), box = $("text"), errorLine = $("error"), statusLine = $("status");
  const submitButton = $("submit"), retryButton = $("retry"), counter = $("counter");
  const resultSection = $("result-section"), result = $("result");
  const historySection = $("history-section"), historyList = $("history");

  const MAX_SENTENCE = Number(box.dataset.maxSentence);
  const MAX_TEXT = Number(box.dataset.maxText);
  const MAX_AUTO_RETRIES = 5;          // a busy server is retried this many times, then the person decides
  const MAX_WAIT_SECONDS = 30;         // a Retry-After beyond this is capped (the countdown stays readable)
  const HISTORY_KEY = "miniserve.history", HISTORY_SIZE = 8;

  let request = null;                  // the AbortController of the request in flight
  let countdown = null;                // the timer of a pending automatic retry

  // ---- the request ------------------------------------------------------------------------------

  // One short sentence goes as {"sentence"}, anything else as {"text"}: the server splits the
  // paragraph form into sentences itself, so this guess only picks the form, never the split.
  function requestBody(text) {
    const trimmed = text.trim();
    const oneSentence = trimmed.length <= MAX_SENTENCE && !/[.!?]["')\]]*\s+\S|\n\s*\S/.test(trimmed);
    return oneSentence ? { sentence: text } : { text };
  }

  function retryAfterSeconds(response) {
    const header = response.headers.get("Retry-After") || "";
    let seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
    if (!Number.isFinite(seconds)) seconds = 2;
    return Math.min(MAX_WAIT_SECONDS, Math.max(1, Math.ceil(seconds)));
  }

  async function errorMessage(response) {
    try {
      const body = await response.json();
      if (body && body.error && body.error.message) return body.error.message;
    } catch (_) { /* not JSON: fall through */ }
    return `The server answered ${response.status} ${response.statusText}.`.replace(" .", ".");
  }

  async function check(attempt = 0) {
    stopCountdown();
    if (request) request.abort();
    const text = box.value;               // read, never written: nothing typed is lost on any error
    clearError();
    retryButton.hidden = true;
    if (!text.trim()) {
      setStatus("");
      showError("There is nothing to check yet: type a sentence first.");
      box.focus();
      return;
    }
    const controller = new AbortController();
    request = controller;
    setStatus(attempt ? `Trying again (${attempt} of ${MAX_AUTO_RETRIES})…` : "Checking…");
    let response;
    try {
      response = await fetch("/correct?stream=true", {
        method: "POST", signal: controller.signal,
        headers: { "Content-Type": "application/json", "Accept": "text/event-stream" },
        body: JSON.stringify(requestBody(text)),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      return lost("Could not reach the tutor: the connection failed.");
    }
    if (response.status === 503 || response.status === 429) {
      const seconds = retryAfterSeconds(response);
      request = null;
      if (attempt < MAX_AUTO_RETRIES) return waitAndRetry(seconds, attempt + 1);
      setStatus("");
      showError(`The tutor is still busy after ${MAX_AUTO_RETRIES} tries. Try again in a moment.`);
      return offerRetry();
    }
    if (!response.ok) {
      request = null;
      setStatus("");
      showError(await errorMessage(response));
      box.focus();
      return;
    }
    const answer = new Answer(text);
    try {
      await readEvents(response, (event) => answer.handle(event));
    } catch (error) {
      if (controller.signal.aborted) return;
      answer.interrupt();
      return lost("The connection was lost before the answer was complete.");
    } finally {
      if (request === controller) request = null;
      if (!controller.signal.aborted) result.setAttribute("aria-busy", "false");  // else a newer answer owns it
    }
    answer.finish();
  }

  // Server-sent events over fetch (EventSource cannot POST): "data: ..." lines, a blank line ends one.
  async function readEvents(response, onEvent) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "", done = false;
    while (!done) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += value.replace(/\r\n/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const data = buffer.slice(0, cut).split("\n")
          .filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trimStart()).join("\n");
        buffer = buffer.slice(cut + 2);
        if (data === "[DONE]") { done = true; break; }
        if (data) onEvent(JSON.parse(data));
      }
    }
    if (!done) throw new Error("the stream ended without [DONE]");
  }

  function waitAndRetry(seconds, attempt) {
    let left = seconds;
    const tick = () => {
      if (left <= 0) { countdown = null; check(attempt); return; }
      setStatus(`The tutor is busy, retrying in ${left} s…`);
      left -= 1;
      countdown = setTimeout(tick, 1000);
    };
    tick();
  }

  function stopCountdown() {
    if (countdown !== null) { clearTimeout(countdown); countdown = null; }
  }

  function lost(message) {
    request = null;
    setStatus("");
    showError(message);
    offerRetry();
  }

  function offerRetry() {
    retryButton.hidden = false;
    retryButton.focus();
  }

  // ---- one answer: a card per sentence ----------------------------------------------------------

  class Answer {
    constructor(text) {
      this.text = text;
      this.cards = [];
      this.errorShown = false;
      result.replaceChildren();
      result.setAttribute("aria-busy", "true");  // screen readers read the result once, when complete
      resultSection.hidden = false;
    }

    card(index) {
      while (this.cards.length <= index) this.cards.push(new Card(this.cards.length));
      return this.cards[index];
    }

    handle(event) {
      if (event.error) {
        this.errorShown = true;
        this.interrupt();
        showError(`The tutor failed while answering: ${event.error.message}`);
        offerRetry();
        return;
      }
      const index = event.sentence ?? 0;
      if (typeof event.delta === "string") {
        this.card(index).grow(event.field, event.delta);
        setStatus(this.cards.length > 1 ? `Writing sentence ${index + 1}…` : "Writing…");
      } else if ("original" in event) {
        this.card(index).settle(event);
      } else if ("usage" in event || "sentences" in event) {  // the final answer
        const verdicts = event.sentences || [{  // the single-sentence form of older servers
          original: this.text.trim(), corrected: event.corrected, explanation: event.explanation,
          withheld: Boolean(event.withheld), changed: event.corrected.trim() !== this.text.trim(),
        }];
        verdicts.forEach((verdict, i) => { if (!this.card(i).settled) this.card(i).settle(verdict); });
        this.corrected = event.corrected;
      }
    }

    interrupt() {
      this.cards.filter((card) => !card.settled).forEach((card) => card.interrupt());
    }

    finish() {
      if (this.errorShown) { setStatus(""); return; }
      const changed = this.cards.filter((card) => card.verdict && card.verdict.changed).length;
      const n = this.cards.length;
      setStatus(n === 1 ? (changed ? "Done: one correction." : "Done.")
        : `Done: ${changed} of ${n} sentences corrected.`);
      remember(this.text, this.corrected ?? this.cards.map((card) => card.verdict?.corrected ?? "").join(" "), changed);
    }
  }

  class Card {
    constructor(index) {
      this.settled = false;
      this.verdict = null;
      this.item = element("li", "sentence pending");
      this.line = element("p", "line");
      this.note = element("p", "note");
      this.line.textContent = "…";
      this.parts = { corrected: "", explanation: "" };
      this.item.append(this.line, this.note);
      this.item.dataset.index = index;
      result.append(this.item);
    }

    grow(field, delta) {
      if (this.settled) return;
      this.parts[field] = (this.parts[field] || "") + delta;
      this.line.textContent = this.parts.corrected || "…";
      this.note.textContent = this.parts.explanation;
    }

    settle(verdict) {
      this.settled = true;
      this.verdict = verdict;
      this.line.replaceChildren();
      this.note.replaceChildren();
      if (verdict.withheld) {
        this.item.className = "sentence withheld";
        this.line.textContent = verdict.original;
        this.note.append(badge("Not checked"), ` ${verdict.explanation || "No verb error found."} ` +
          "The tutor's own answer was not a clean verb correction, so it is not shown.");
      } else if (verdict.changed) {
        this.item.className = "sentence changed";
        this.line.append(diffWords(verdict.original, verdict.corrected));
        this.note.append(badge("Corrected"), " " + verdict.explanation);
      } else {
        this.item.className = "sentence correct";
        this.line.textContent = verdict.original;
        this.note.append(badge("No change"), " No verb error found.");  // only the verbs were looked at
      }
    }

    interrupt() {
      this.item.className = "sentence interrupted";
      this.note.textContent = "Interrupted: this sentence was not finished.";
    }
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function badge(text) {
    return element("span", "badge", text);
  }

  // ---- word-level diff --------------------------------------------------------------------------

  // Words and punctuation marks, each with the spaces before it, so the corrected text keeps its spacing.
  function tokens(text) {
    return Array.from(text.matchAll(/(\s*)([\p{L}\p{N}'’-]+|\S)/gu), (m) => ({ space: m[1], word: m[2] }));
  }

  // The longest common subsequence of words; what is left over is the change, shown as a
  // before -> after pair (verbs here: "goed" -> "went", "has went" -> "has gone").
  function diffWords(before, after) {
    const a = tokens(before), b = tokens(after);
    const same = (x, y) => x.word === y.word;
    const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
    for (let i = a.length - 1; i >= 0; i--)
      for (let j = b.length - 1; j >= 0; j--)
        lcs[i][j] = same(a[i], b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const out = document.createDocumentFragment();
    let i = 0, j = 0, removed = [], added = [];
    const flush = () => {
      if (!removed.length && !added.length) return;
      const space = (added[0] || removed[0]).space;
      out.append(space ? " " : "");
      out.append(change(removed.map(join).join("").trim(), added.map(join).join("").trim()));
      removed = []; added = [];
    };
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && same(a[i], b[j])) {
        flush();
        out.append(b[j].space + b[j].word);
        i++; j++;
      } else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
        added.push(b[j++]);
      } else {
        removed.push(a[i++]);
      }
    }
    flush();
    return out;
  }

  const join = (token) => token.space + token.word;

  function change(before, after) {
    const span = element("span", "change");
    if (before) {
      const del = element("del");
      del.append(element("span", "visually-hidden", "was: "), before);
      span.append(del);
    }
    if (before && after) span.append(element("span", "arrow", " → "));
    if (after) {
      const ins = element("ins");
      ins.append(element("span", "visually-hidden", before ? ", now: " : "added: "), after);
      span.append(ins);
    }
    span.querySelector(".arrow")?.setAttribute("aria-hidden", "true");
    return span;
  }

  // ---- this visit's history (sessionStorage: in this tab only, never sent anywhere) -------------

  function loadHistory() {
    try { return JSON.parse(sessionStorage.getItem(HISTORY_KEY)) || []; } catch (_) { return []; }
  }

  function remember(text, corrected, changes) {
    const entries = [{ text, corrected, changes }, ...loadHistory()].slice(0, HISTORY_SIZE);
    try { sessionStorage.setItem(HISTORY_KEY, JSON.stringify(entries)); } catch (_) { /* storage off: keep going */ }
    drawHistory(entries.slice(1));  // the newest is on screen above
  }

  function drawHistory(entries = loadHistory()) {
    historyList.replaceChildren(...entries.map((entry) => {
      const item = element("li");
      const words = element("p", "line");
      if (entry.corrected && entry.corrected.trim() !== entry.text.trim()) {
        words.append(diffWords(entry.text.trim(), entry.corrected.trim()));
      } else {
        words.textContent = entry.text.trim();
      }
      const again = element("button", "link", "Edit again");
      again.type = "button";
      again.setAttribute("aria-label", `Edit again: ${entry.text.trim().slice(0, 60)}`);
      again.addEventListener("click", () => { box.value = entry.text; updateCounter(); box.focus(); });
      const note = element("span", "hint", entry.changes ? `${entry.changes} corrected · ` : "no change · ");
      item.append(words, note, again);
      return item;
    }));
    historySection.hidden = entries.length === 0;
  }

  // ---- small things -----------------------------------------------------------------------------

  function showError(message) { errorLine.textContent = message; box.setAttribute("aria-invalid", "true"); }
  function clearError() { errorLine.textContent = ""; box.removeAttribute("aria-invalid"); }
  function setStatus(message) {  // a live region: the same words again would be read out again
    if (statusLine.textContent !== message) statusLine.textContent = message;
  }

  function updateCounter() {
    const n = box.value.length;
    counter.textContent = `${n} / ${MAX_TEXT}`;
    counter.classList.toggle("over", n > MAX_TEXT);
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); check(); });
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); check(); }
  });
  box.addEventListener("input", updateCounter);
  retryButton.addEventListener("click", () => check());
  for (const button of document.querySelectorAll(".example")) {
    button.addEventListener("click", () => { box.value = button.textContent.trim(); updateCounter(); check(); });
  }
  submitButton.disabled = false;
  updateCounter();
  drawHistory();
})();
