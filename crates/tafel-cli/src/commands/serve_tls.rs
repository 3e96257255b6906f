//! `tafel serve`'s flags for HTTPS of its own: a certificate from files or by ACME, and the
//! plain-HTTP port that only redirects.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};
use tafel_server::tls::{Acme, CertificateSource, Tls, LETS_ENCRYPT};

/// The TLS flags of `tafel serve`.
#[derive(clap::Args, Debug)]
pub struct TlsArgs {
    /// Serve HTTPS with this certificate chain (PEM, the server's certificate first); needs
    /// `--tls-key`. Answers then carry `Strict-Transport-Security` and the session cookie is
    /// `Secure`.
    #[arg(
        long,
        value_name = "FILE",
        requires = "tls_key",
        conflicts_with = "acme_domains"
    )]
    tls_cert: Option<PathBuf>,
    /// The private key of `--tls-cert` (PEM: PKCS #8, PKCS #1 or SEC 1).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Serve HTTPS with a certificate for this name obtained by ACME (Let's Encrypt by
    /// default) and renewed while serving (repeatable, or a comma list; the first names the
    /// cached files). Needs `--http-redirect` on port 80, where the ACME server checks the name.
    #[arg(long = "acme-domain", value_delimiter = ',', value_name = "NAME")]
    acme_domains: Vec<String>,
    /// The ACME server's directory.
    #[arg(long, value_name = "URL", default_value = LETS_ENCRYPT, requires = "acme_domains")]
    acme_directory: String,
    /// A contact for the ACME account, e.g. `mailto:admin@example.org` (repeatable).
    #[arg(long, value_name = "URL", requires = "acme_domains")]
    acme_contact: Vec<String>,
    /// Where the ACME account and the certificate are kept between runs.
    #[arg(
        long,
        value_name = "DIR",
        default_value = "acme",
        requires = "acme_domains"
    )]
    acme_cache: PathBuf,
    /// A CA certificate (PEM) to trust for the ACME server instead of the system's (for a test
    /// server such as pebble).
    #[arg(long, value_name = "FILE", requires = "acme_domains")]
    acme_root: Option<PathBuf>,
    /// Days before a certificate expires that a new one is ordered.
    #[arg(
        long,
        value_name = "DAYS",
        default_value_t = 30.0,
        requires = "acme_domains"
    )]
    acme_renew_before: f64,
    /// Also listen for plain HTTP here (e.g. `0.0.0.0:80`) and answer every request with a
    /// redirect to HTTPS (and ACME's challenges). Needs `--tls-cert` or `--acme-domain`.
    #[arg(long, value_name = "ADDR")]
    http_redirect: Option<SocketAddr>,
}

impl TlsArgs {
    /// What the flags ask for: nothing (plain HTTP), or TLS of its own.
    pub fn tls(&self) -> Result<Option<Tls>> {
        let certificate = match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => CertificateSource::Files {
                cert: cert.clone(),
                key: key.clone(),
            },
            _ if !self.acme_domains.is_empty() => {
                let renew_before = Duration::try_from_secs_f64(self.acme_renew_before * 86_400.0)
                    .map_err(|_| {
                    anyhow::anyhow!("--acme-renew-before must be a number of days, 0 or more")
                })?;
                CertificateSource::Acme(Acme {
                    directory: self.acme_directory.clone(),
                    contact: self.acme_contact.clone(),
                    root: self.acme_root.clone(),
                    renew_before,
                    ..Acme::new(self.acme_domains.clone(), self.acme_cache.clone())
                })
            }
            _ if self.http_redirect.is_some() => {
                bail!("--http-redirect needs --tls-cert and --tls-key, or --acme-domain")
            }
            _ => return Ok(None),
        };
        Ok(Some(Tls {
            certificate,
            redirect: self.http_redirect,
        }))
    }
}
