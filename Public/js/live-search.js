// Search forms marked data-live-search answer as the person types: the same page the form would
// load, fetched in the background, its results ([data-live-results]) put in place of these. The
// box keeps its focus and caret; an answer older than the last one asked for is dropped; Enter
// asks at once instead of loading the page. Without this script the form loads its page as usual.
// (＋'s box so far; the add-food and ingredient pages load their results.)
(() => {
  const wait = 250;
  let timer = 0, asked = 0, controller = null;

  async function answer(form) {
    const number = ++asked;
    controller?.abort();
    controller = new AbortController();
    const address = `${form.action}?${new URLSearchParams(new FormData(form))}`;
    try {
      const response = await fetch(address, { credentials: "same-origin", signal: controller.signal });
      if (!response.ok) throw new Error(String(response.status));
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.querySelector("[data-live-results]"), shown = document.querySelector("[data-live-results]");
      if (number !== asked || !fresh || !shown) return;
      shown.replaceWith(fresh);
      history.replaceState(null, "", address);
    } catch (error) {
      if (error.name !== "AbortError" && number === asked) form.submit();
    }
  }

  document.addEventListener("input", (event) => {
    const form = event.target.closest?.("form[data-live-search]");
    if (!form || event.target.type !== "search") return;
    clearTimeout(timer);
    timer = setTimeout(() => answer(form), wait);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-live-search")) return;
    event.preventDefault();
    clearTimeout(timer);
    answer(form);
  });
})();
