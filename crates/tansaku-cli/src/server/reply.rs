//! What every answer of `tansaku serve` carries: the security headers,
//! JSON bodies, and errors as a status and `{"error", "kind"}`.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tansaku::{ErrorBody, RunError};

/// An error as the API returns it: a status and `{"error", "kind"}`.
#[derive(Clone, Debug)]
pub(crate) struct ApiError {
    pub status: StatusCode,
    pub kind: &'static str,
    pub message: String,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            kind,
            message: message.into(),
        }
    }

    pub(crate) fn busy(waiting: usize) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "busy",
            format!("{waiting} jobs are already waiting for a worker; try again when some have finished"),
        )
    }

    pub(crate) fn cancelled() -> Self {
        Self::new(StatusCode::CONFLICT, "cancelled", "the job was cancelled")
    }

    pub(crate) fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the job failed unexpectedly; the server goes on answering",
        )
    }

    /// The body every front end returns: `{"error", "kind"}`.
    pub(crate) fn body(&self) -> ErrorBody {
        ErrorBody::new(self.kind, self.message.clone())
    }
}

impl From<RunError> for ApiError {
    fn from(e: RunError) -> Self {
        let status = StatusCode::from_u16(e.status()).unwrap_or(StatusCode::BAD_REQUEST);
        let message = match &e {
            RunError::Search(tansaku::search::SearchError::Stopped(tansaku::context::Stop::Deadline)) => {
                "the job ran out of the server's time limit".to_string()
            }
            other => other.to_string(),
        };
        ApiError::new(status, e.kind(), message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        json_response(self.status, self.body().json().into_bytes())
    }
}

/// The headers every answer carries: nothing is loaded from another host,
/// nothing is framed, nothing is sniffed.
pub(crate) fn secure(headers: &mut HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
}

pub(crate) fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    secure(r.headers_mut());
    r
}
