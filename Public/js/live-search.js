// Search forms marked data-live-search answer as the person types: the same page the form would
// load, fetched in the background, its results ([data-live-results], one or more parts of the page,
// in order) put in place of these. The box keeps its focus and caret; an answer older than the last
// one asked for is dropped; Enter asks at once instead of loading the page; the results are
// aria-busy while an answer is on its way. A search that also asks the online sources (its "online"
// box ticked) is never sent per letter: it loads its page when sent, as without this script.
(() => {
  const wait = 250;
  let timer = 0, asked = 0, controller = null;

  const shown = () => [...document.querySelectorAll("[data-live-results]")];
  const online = (form) => form.querySelector("input[name=online]:checked") !== null;

  async function answer(form) {
    const number = ++asked;
    controller?.abort();
    controller = new AbortController();
    const address = `${form.action}?${new URLSearchParams(new FormData(form))}`;
    for (const part of shown()) part.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(address, { credentials: "same-origin", signal: controller.signal });
      if (!response.ok) throw new Error(String(response.status));
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = [...page.querySelectorAll("[data-live-results]")], old = shown();
      if (number !== asked) return;
      if (fresh.length === 0 || fresh.length !== old.length) throw new Error("another page");
      old.forEach((part, index) => part.replaceWith(fresh[index]));
      history.replaceState(null, "", address);
    } catch (error) {
      if (error.name !== "AbortError" && number === asked) form.submit();
    } finally {
      if (number === asked) for (const part of shown()) part.removeAttribute("aria-busy");
    }
  }

  document.addEventListener("input", (event) => {
    const form = event.target.closest?.("form[data-live-search]");
    if (!form || event.target.name === "online" || online(form)) return;
    clearTimeout(timer);
    timer = setTimeout(() => answer(form), wait);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-live-search") || online(form)) return;
    event.preventDefault();
    clearTimeout(timer);
    answer(form);
  });
})();
