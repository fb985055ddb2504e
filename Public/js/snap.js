// Snap a meal: each chosen photo goes up on its own request, with its own progress bar, so one
// lost on a flaky network is retried alone. The server knows a photo by its hash, so a retry whose
// first try did arrive gives back the same meal rather than a second one. Without this script
// the form posts every photo at once.
(function () {
  const form = document.querySelector("[data-snap-form]");
  if (!form || !window.XMLHttpRequest || !window.FormData) return;
  const list = form.querySelector("[data-snap-files]");
  const done = form.querySelector("[data-snap-done]");
  const useLocation = form.querySelector("[data-use-location]");
  const token = form.querySelector("input[name=_csrf]").value;
  form.querySelector("[data-snap-submit]").hidden = true;
  form.querySelector("[data-snap-note]").hidden = true;
  form.querySelector("[data-utc-offset]").value = String(-new Date().getTimezoneOffset());

  let position = null;
  useLocation.addEventListener("change", function () {
    if (!useLocation.checked || !navigator.geolocation) { position = null; return; }
    navigator.geolocation.getCurrentPosition(function (found) { position = found.coords; },
      function () { useLocation.checked = false; position = null; }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
  });

  const queue = [];
  let busy = false;

  function row(file) {
    const item = document.createElement("li");
    item.className = "snap-file";
    const preview = document.createElement("img");
    preview.alt = "";
    preview.width = 56;
    preview.height = 56;
    preview.src = URL.createObjectURL(file);
    preview.onerror = function () { preview.hidden = true; };
    const main = document.createElement("span");
    main.className = "snap-file-main";
    const name = document.createElement("span");
    name.className = "snap-file-name";
    name.textContent = file.name || t("Photo");
    const bar = document.createElement("progress");
    bar.max = 100;
    bar.value = 0;
    const status = document.createElement("span");
    status.className = "snap-file-status";
    status.textContent = t("Waiting…");
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button small";
    retry.textContent = t("Retry");
    retry.hidden = true;
    main.append(name, bar, status);
    item.append(preview, main, retry);
    list.append(item);
    const job = { file: file, item: item, bar: bar, status: status, retry: retry, finished: false };
    retry.addEventListener("click", function () {
      retry.hidden = true;
      item.classList.remove("failed");
      status.textContent = t("Waiting…");
      enqueue(job);
    });
    return job;
  }

  function enqueue(job) {
    queue.push(job);
    next();
  }

  function next() {
    if (busy) return;
    const job = queue.shift();
    if (!job) { finish(); return; }
    busy = true;
    send(job, function () { busy = false; next(); });
  }

  function fail(job, text, canRetry) {
    job.item.classList.add("failed");
    job.status.textContent = text;
    job.retry.hidden = !canRetry;
    job.finished = !canRetry;
  }

  function send(job, then) {
    const data = new FormData();
    data.append("_csrf", token);
    data.append("utc_offset", String(-new Date().getTimezoneOffset()));
    if (position) {
      data.append("latitude", position.latitude.toFixed(6));
      data.append("longitude", position.longitude.toFixed(6));
    }
    if (job.file.lastModified > 0) data.append("file_time_ms", String(job.file.lastModified));
    data.append("photo", job.file, job.file.name || "photo.jpg");
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("X-CSRF-Token", token);
    request.upload.addEventListener("progress", function (progress) {
      if (!progress.lengthComputable) return;
      job.bar.value = Math.round((progress.loaded / progress.total) * 100);
      job.status.textContent = t("Uploading… {percent} %", { percent: job.bar.value });
    });
    request.upload.addEventListener("load", function () {
      job.bar.value = 100;
      job.status.textContent = t("Saving…");
    });
    request.addEventListener("load", function () {
      let answer = null;
      try { answer = JSON.parse(request.responseText); } catch (error) { answer = null; }
      if (answer && answer.meals) showNotItemised(answer.todayNotItemised);
      if (request.status < 300 && answer && answer.meals && answer.meals.length) {
        const meal = answer.meals[0];
        job.finished = true;
        job.item.classList.add("saved");
        const when = { time: meal.time, day: meal.day };
        job.status.textContent = (meal.isNew ? t("Saved: {time}, {day}", when) : t("Already in your diary: {time}, {day}", when)) + (meal.place ? " · " + meal.place : "");
        const link = document.createElement("a");
        link.href = meal.url;
        link.textContent = t("Open");
        job.status.append(" ", link);
      } else if (request.status >= 400 && request.status < 500 && request.status !== 408 && request.status !== 429) {
        // Refused for what it is (not a photo, too large): sending it again would not help.
        const reason = answer && (answer.error || (answer.refused && answer.refused[0] && answer.refused[0].error));
        fail(job, reason || (request.status === 413 ? t("That photo is larger than this diary accepts. Try a smaller copy.")
          : t("The diary refused it ({status}).", { status: request.status })), false);
      } else {
        fail(job, t("The diary could not save it just now ({status}). Try again.", { status: request.status }), true);
      }
      then();
    });
    // The "Today" strip at the top was drawn before this photo: its count of meals to itemise follows.
    function showNotItemised(text) {
      const strip = document.querySelector(".status-strip-inner");
      if (!strip) return;
      const link = strip.closest("a");
      if (link) {
        // The label ends with the count the strip shows, in whatever language the page is in.
        const shown = strip.querySelector(".status-not-itemised")?.textContent;
        let said = link.getAttribute("aria-label") || "";
        if (shown && said.endsWith(", " + shown)) said = said.slice(0, -(shown.length + 2));
        link.setAttribute("aria-label", text ? said + ", " + text : said);
      }
      let count = strip.querySelector(".status-not-itemised");
      if (!text) { if (count) count.remove(); return; }
      if (!count) {
        count = document.createElement("span");
        count.className = "status-not-itemised";
        strip.append(count);
      }
      count.textContent = text;
    }
    function lost() {
      fail(job, t("The upload stopped: the connection to the diary was lost. Retry when it is back; nothing is saved twice."), true);
      then();
    }
    request.addEventListener("error", lost);
    request.addEventListener("timeout", lost);
    request.addEventListener("abort", lost);
    job.status.textContent = "Uploading… 0 %";
    request.send(data);
  }

  const jobs = [];
  function finish() {
    done.hidden = !jobs.some(function (job) { return job.item.classList.contains("saved"); });
  }

  for (const input of form.querySelectorAll("[data-snap-input]")) {
    input.addEventListener("change", function () {
      for (const file of input.files) {
        const job = row(file);
        jobs.push(job);
        enqueue(job);
      }
      // The same photo can be chosen again later; the server will say it is already kept.
      input.value = "";
    });
  }
  form.addEventListener("submit", function (event) { event.preventDefault(); });
})();
