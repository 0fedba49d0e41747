//! The page, built into the binary: HTML, CSS and plain ES modules from
//! `web/`, served as they are (no bundler), nothing from another host.
//! While the page is being edited, `$TANSAKU_WEB_DIR` serves its files
//! from that folder instead (the same names only).

use axum::body::Body;
use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;

/// Every file of the page: its name and its text.
pub(crate) const FILES: [(&str, &str); 13] = [
    ("index.html", include_str!("../../../../web/index.html")),
    ("style.css", include_str!("../../../../web/style.css")),
    ("app.js", include_str!("../../../../web/app.js")),
    ("page.js", include_str!("../../../../web/page.js")),
    ("backend.js", include_str!("../../../../web/backend.js")),
    ("board.js", include_str!("../../../../web/board.js")),
    ("chart.js", include_str!("../../../../web/chart.js")),
    ("permalink.js", include_str!("../../../../web/permalink.js")),
    ("play.js", include_str!("../../../../web/play.js")),
    ("i18n.js", include_str!("../../../../web/i18n.js")),
    ("trace.js", include_str!("../../../../web/trace.js")),
    ("player.js", include_str!("../../../../web/player.js")),
    ("favicon.svg", include_str!("../../../../web/favicon.svg")),
];

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

fn respond(status: StatusCode, name: &str, text: &'static str) -> Response {
    let body = match std::env::var_os("TANSAKU_WEB_DIR") {
        Some(dir) => std::fs::read(std::path::Path::new(&dir).join(name)).map_or_else(|_| Body::from(text), Body::from),
        None => Body::from(text),
    };
    let mut r = Response::new(body);
    *r.status_mut() = status;
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(name)));
    super::reply::secure(r.headers_mut());
    // The page may be cached but is checked each time (a new binary serves
    // a new page).
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// `GET /`.
pub(crate) async fn index() -> Response {
    respond(StatusCode::OK, "index.html", FILES[0].1)
}

/// `GET /{file}`.
pub(crate) async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _)| *n == name) {
        Some((n, text)) => respond(StatusCode::OK, n, text),
        None => not_found(&name),
    }
}

/// Anything else.
pub(crate) fn not_found(path: &str) -> Response {
    let mut r = Response::new(Body::from(format!("nothing is served at '{path}'; the page is at /\n")));
    *r.status_mut() = StatusCode::NOT_FOUND;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    super::reply::secure(r.headers_mut());
    r
}
