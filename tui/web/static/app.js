// The app's page: give textual.js this tab's socket, and show why a session ended (the close frame's reason).
"use strict";
(function () {
  // One id per browser tab (kept across reloads of that tab): a reload reopens the game this tab had open.
  let tab = sessionStorage.getItem("redemption-tab");
  if (!tab || !/^[0-9a-f]{32}$/.test(tab)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    tab = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("redemption-tab", tab);
  }
  const Native = window.WebSocket;
  function Wrapped(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("close", (event) => {
      const message = document.getElementById("closed");
      if (message && event.reason) message.textContent = event.reason;
    });
    return socket;
  }
  Wrapped.prototype = Native.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Wrapped[k] = Native[k];
  window.WebSocket = Wrapped;
  document.addEventListener("DOMContentLoaded", () => {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    document.getElementById("terminal").dataset.sessionWebsocketUrl = scheme + location.host + "/ws/" + tab;
    document.getElementById("restart").addEventListener("click", () => location.reload());
  });
  // Keys go to the game at once, without a first click into the page.
  window.addEventListener("load", () => {
    setTimeout(() => {
      const input = document.querySelector(".xterm-helper-textarea");
      if (input) input.focus();
    }, 0);
  });
})();
