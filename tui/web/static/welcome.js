// The sign-in link's page: the token travels in the address's fragment (never sent in a request or logged);
// it goes into the form, and out of the address bar and the history.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const token = location.hash.slice(1);
  if (token) {
    document.getElementById("token").value = token;
    history.replaceState(null, "", location.pathname);
  }
});
