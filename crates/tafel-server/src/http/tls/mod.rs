//! TLS of the server's own (`--tls-cert`/`--tls-key`, or `--acme-domain`): the certificate in
//! force (swapped while serving when ACME renews it, [`acme`]), the TLS acceptor the listener
//! hands each connection to, the `Strict-Transport-Security` header on every answer, and the
//! plain-HTTP port that only redirects (and answers ACME's `http-01` challenges).

pub mod acme;

use std::collections::HashMap;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::{Arc, Mutex, RwLock};

use anyhow::{anyhow, Context, Result};
use axum::extract::{Path as UrlPath, State};
use axum::http::uri::Authority;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio_rustls::rustls::crypto::{ring, CryptoProvider};
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::server::{ClientHello, ResolvesServerCert};
use tokio_rustls::rustls::sign::CertifiedKey;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::TlsAcceptor;

use crate::http::drain::Drain;
use crate::http::error::ApiError;
use crate::http::listener::{self, ConnectionLimits};
use crate::msg;
use crate::proxies::TrustedProxies;
use crate::tls::{CertificateSource, Tls};

/// `Strict-Transport-Security` on every answer over TLS: browsers use HTTPS for a year.
pub const HSTS: &str = "max-age=31536000";

/// The certificate in force and the ACME challenges being answered.
#[derive(Debug, Default)]
pub struct Certificates {
    current: RwLock<Option<Arc<CertifiedKey>>>,
    challenges: Mutex<HashMap<String, String>>,
}

impl Certificates {
    /// No certificate yet: TLS handshakes fail until one is [set](Certificates::set).
    pub fn new() -> Arc<Certificates> {
        Arc::default()
    }

    /// Serves `key` from the next handshake on (connections already open keep theirs).
    pub fn set(&self, key: CertifiedKey) {
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(key));
    }

    /// The certificate in force.
    pub fn current(&self) -> Option<Arc<CertifiedKey>> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Answers the `http-01` challenge `token` with `key_authorization` until it is withdrawn.
    fn offer_challenge(&self, token: &str, key_authorization: String) {
        self.challenges()
            .insert(token.to_owned(), key_authorization);
    }

    /// Stops answering the challenge `token`.
    fn withdraw_challenge(&self, token: &str) {
        self.challenges().remove(token);
    }

    fn challenges(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.challenges.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl ResolvesServerCert for Certificates {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.current()
    }
}

/// The cryptography TLS uses: ring's.
fn provider() -> CryptoProvider {
    ring::default_provider()
}

/// A certificate chain and its private key from PEM text, checked to belong together; `what`
/// names where they came from in the errors.
pub fn certified_key(chain: &[u8], key: &[u8], what: &str) -> Result<CertifiedKey> {
    let chain = CertificateDer::pem_slice_iter(chain)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow!("{what}: the certificate is not PEM: {e}"))?;
    if chain.is_empty() {
        return Err(anyhow!(
            "{what}: no certificate (`-----BEGIN CERTIFICATE-----`)"
        ));
    }
    let key = PrivateKeyDer::from_pem_slice(key)
        .map_err(|e| anyhow!("{what}: no private key in PEM: {e}"))?;
    CertifiedKey::from_der(chain, key, &provider())
        .map_err(|e| anyhow!("{what}: the key does not fit the certificate: {e}"))
}

/// The certificate chain in `cert` and the key in `key` (PEM files).
pub fn load_files(cert: &Path, key: &Path) -> Result<CertifiedKey> {
    let chain = std::fs::read(cert)
        .with_context(|| format!("cannot read the certificate {}", cert.display()))?;
    let secret =
        std::fs::read(key).with_context(|| format!("cannot read the key {}", key.display()))?;
    certified_key(
        &chain,
        &secret,
        &format!("{} and {}", cert.display(), key.display()),
    )
}

/// The TLS acceptor serving whatever certificate `certificates` holds at each handshake
/// (HTTP/1.1, TLS 1.2 and 1.3).
pub fn acceptor(certificates: Arc<Certificates>) -> Result<TlsAcceptor> {
    let mut config = ServerConfig::builder_with_provider(Arc::new(provider()))
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_cert_resolver(certificates);
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// TLS started for a server: the acceptor for its listener, and what runs beside it (the
/// redirecting port, the renewals), for as long as the server serves.
pub struct Edge {
    /// The acceptor the listener hands each connection to.
    pub acceptor: TlsAcceptor,
    /// The redirecting port's listener and the ACME renewals, until dropped.
    pub background: Pin<Box<dyn Future<Output = ()> + Send>>,
}

/// Starts what `tls` asks for a server whose HTTPS port is `https_port`: the certificate read
/// (or, by ACME, the cached one, and the renewals that obtain one), the redirecting port
/// listening within `limits`.
pub async fn start(
    tls: &Tls,
    https_port: u16,
    limits: &ConnectionLimits,
    proxies: &Arc<TrustedProxies>,
    drain: &Drain,
) -> Result<Edge> {
    let certificates = Certificates::new();
    let renewals = match &tls.certificate {
        CertificateSource::Files { cert, key } => {
            certificates.set(load_files(cert, key)?);
            None
        }
        CertificateSource::Acme(settings) => {
            if tls.redirect.is_none() {
                return Err(anyhow!(
                    "ACME needs the plain-HTTP port (--http-redirect, port 80 for a public \
                     ACME server): its http-01 challenges are answered there"
                ));
            }
            acme::load_cached(settings, &certificates);
            Some(acme::keep_renewed(settings.clone(), certificates.clone()))
        }
    };
    let redirect = match tls.redirect {
        Some(addr) => {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("cannot listen on {addr}"))?;
            let routes = redirect_router(https_port, certificates.clone());
            Some(listener::serve(
                listener,
                routes,
                limits.clone(),
                proxies.clone(),
                drain.clone(),
                None,
            ))
        }
        None => None,
    };
    let background = async move {
        let redirect = async move {
            if let Some(redirect) = redirect {
                redirect.await;
            }
        };
        let renewals = async move {
            if let Some(renewals) = renewals {
                renewals.await;
            }
        };
        tokio::join!(redirect, renewals);
    };
    Ok(Edge {
        acceptor: acceptor(certificates)?,
        background: Box::pin(background),
    })
}

/// `router` with [`HSTS`] on every answer.
pub fn with_hsts(router: Router) -> Router {
    router.layer(axum::middleware::map_response(
        |mut response: Response| async {
            response.headers_mut().insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static(HSTS),
            );
            response
        },
    ))
}

/// What the redirecting port needs: the HTTPS port to send people to, and the challenges.
#[derive(Clone)]
struct Redirect {
    https_port: u16,
    certificates: Arc<Certificates>,
}

/// The plain-HTTP port's routes: ACME's `http-01` challenges, and a permanent redirect of
/// everything else to the same host and path over HTTPS on `https_port`.
pub fn redirect_router(https_port: u16, certificates: Arc<Certificates>) -> Router {
    Router::new()
        .route("/.well-known/acme-challenge/{token}", get(challenge))
        .fallback(to_https)
        .with_state(Redirect {
            https_port,
            certificates,
        })
}

/// The key authorization for an `http-01` challenge under way.
async fn challenge(State(redirect): State<Redirect>, UrlPath(token): UrlPath<String>) -> Response {
    match redirect.certificates.challenges().get(&token) {
        Some(answer) => answer.clone().into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// A permanent redirect to the request's host and path over HTTPS.
async fn to_https(
    State(redirect): State<Redirect>,
    headers: HeaderMap,
    uri: Uri,
) -> Result<Response, ApiError> {
    let malformed = || ApiError::bad_request(msg!("host-header-is-malformed"));
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.parse::<Authority>().ok())
        .ok_or_else(malformed)?;
    let port = match redirect.https_port {
        443 => String::new(),
        port => format!(":{port}"),
    };
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    let location = HeaderValue::try_from(format!("https://{}{port}{path}", host.host()))
        .map_err(|_| malformed())?;
    Ok((
        StatusCode::PERMANENT_REDIRECT,
        [(header::LOCATION, location)],
    )
        .into_response())
}
