// The page's service worker: the whole site (a few files) is kept at the first visit,
// so that later visits, and reloads without a network, open at once. Each build
// stamps VERSION (web/build.sh: a hash of the site's files), so a new build installs a
// new copy whole and the old one is dropped; files are served from the copy of the
// version that installed them, never mixed across builds.
const VERSION = "dev";
const CACHE = `queens-${VERSION}`;
const FILES = [
  "./", "index.html", "app.js", "worker.js", "style.css", "queens_web.js", "queens_web_bg.wasm",
  "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("queens-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The site's own files from the copy (the address's query and hash aside: `?date=`
// opens the same page); anything else, and a file not in the copy, from the network.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then((c) => c.match(req, { ignoreSearch: true }))
      .then((hit) => hit || fetch(req)),
  );
});
