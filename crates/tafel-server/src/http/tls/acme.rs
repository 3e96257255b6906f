//! Certificates by ACME (RFC 8555, Let's Encrypt's protocol) with `instant-acme`: an account
//! and a certificate kept in the cache directory, a new certificate ordered when the one in
//! force is due for renewal, the `http-01` challenges answered on the redirecting port, and the
//! new certificate served from the next handshake on, without a restart.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context, Result};
use instant_acme::{
    Account, AccountCredentials, AuthorizationStatus, ChallengeType, Identifier, NewAccount,
    NewOrder, OrderStatus, RetryPolicy,
};
use tokio_rustls::rustls::sign::CertifiedKey;

use super::{certified_key, Certificates};
use crate::tls::Acme;

/// The longest the renewal task sleeps at once (it looks at the certificate again after).
const LONGEST_SLEEP: Duration = Duration::from_secs(12 * 3600);

/// How long after a failed attempt the next is made (or `least_between`, if shorter).
const RETRY: Duration = Duration::from_secs(60);

/// The cached certificate for `acme`'s names into `certificates`, if there is one that can be
/// read; anything else is said in the log and leaves a new one to be obtained.
pub fn load_cached(acme: &Acme, certificates: &Certificates) {
    let (chain, key) = cached_files(acme);
    if !chain.exists() {
        return;
    }
    match super::load_files(&chain, &key) {
        Ok(cached) => certificates.set(cached),
        Err(error) => tracing::warn!("the cached certificate is not used: {error:#}"),
    }
}

/// Keeps a certificate for `acme`'s names in `certificates`, for ever: one is ordered when
/// there is none or the one in force is due ([`Acme::renew_before`] before it expires), at
/// least [`Acme::least_between`] after the last.
pub async fn keep_renewed(acme: Acme, certificates: Arc<Certificates>) {
    let mut account = None;
    let mut last: Option<Instant> = None;
    loop {
        let due = certificates
            .current()
            .map_or(Ok(Duration::ZERO), |key| until_due(&key, &acme));
        let mut wait = match due {
            Ok(wait) => wait,
            Err(error) => {
                tracing::warn!("the certificate in force cannot be read: {error:#}");
                Duration::ZERO
            }
        };
        if let Some(last) = last {
            wait = wait.max(acme.least_between.saturating_sub(last.elapsed()));
        }
        if !wait.is_zero() {
            tokio::time::sleep(wait.min(LONGEST_SLEEP)).await;
            continue;
        }
        last = Some(Instant::now());
        match obtain(&acme, &certificates, &mut account).await {
            Ok(key) => {
                certificates.set(key);
                tracing::info!(
                    "a certificate for {} obtained from {}, served from now on",
                    acme.domains.join(", "),
                    acme.directory
                );
            }
            Err(error) => {
                let again = RETRY.min(acme.least_between);
                tracing::warn!(
                    "cannot obtain a certificate for {} from {}: {error:#}; trying again in {} s",
                    acme.domains.join(", "),
                    acme.directory,
                    again.as_secs_f64()
                );
                tokio::time::sleep(again).await;
            }
        }
    }
}

/// The time until `key` is due for renewal (zero if it is).
fn until_due(key: &CertifiedKey, acme: &Acme) -> Result<Duration> {
    let leaf = key.end_entity_cert()?;
    let (_, parsed) = x509_parser::parse_x509_certificate(leaf)
        .map_err(|e| anyhow!("not an X.509 certificate: {e}"))?;
    let expires = parsed.validity().not_after.timestamp();
    let expires = UNIX_EPOCH + Duration::from_secs(u64::try_from(expires).unwrap_or(0));
    let due = expires.checked_sub(acme.renew_before).unwrap_or(UNIX_EPOCH);
    Ok(due
        .duration_since(SystemTime::now())
        .unwrap_or(Duration::ZERO))
}

/// The certificate chain's and the key's files in the cache.
fn cached_files(acme: &Acme) -> (PathBuf, PathBuf) {
    let name = acme.domains.first().map_or("certificate", String::as_str);
    (
        acme.cache.join(format!("{name}.crt")),
        acme.cache.join(format!("{name}.key")),
    )
}

/// The account's file in the cache: its credentials at one directory.
fn account_file(cache: &Path) -> PathBuf {
    cache.join("account.json")
}

/// The account at `acme`'s directory: the cache's, else a new one, written to the cache.
async fn account(acme: &Acme) -> Result<Account> {
    let builder = || match &acme.root {
        Some(root) => Account::builder_with_root(root),
        None => Account::builder(),
    };
    let file = account_file(&acme.cache);
    let cached = std::fs::read(&file)
        .ok()
        .and_then(|text| serde_json::from_slice::<serde_json::Value>(&text).ok())
        .filter(|saved| saved["directory"] == acme.directory.as_str())
        .and_then(|saved| {
            serde_json::from_value::<AccountCredentials>(saved["credentials"].clone()).ok()
        });
    if let Some(credentials) = cached {
        return Ok(builder()?.from_credentials(credentials).await?);
    }
    let contact: Vec<&str> = acme.contact.iter().map(String::as_str).collect();
    let new = NewAccount {
        contact: &contact,
        terms_of_service_agreed: true,
        only_return_existing: false,
    };
    let (made, credentials) = builder()?
        .create(&new, acme.directory.clone(), None)
        .await
        .with_context(|| format!("cannot make an account at {}", acme.directory))?;
    let saved = serde_json::json!({"directory": acme.directory, "credentials": credentials});
    write_private(&file, saved.to_string().as_bytes())?;
    Ok(made)
}

/// Orders a certificate for `acme`'s names, answering the challenges through `certificates`,
/// and keeps it in the cache.
async fn obtain(
    acme: &Acme,
    certificates: &Certificates,
    cached: &mut Option<Account>,
) -> Result<CertifiedKey> {
    std::fs::create_dir_all(&acme.cache)
        .with_context(|| format!("cannot make the ACME cache {}", acme.cache.display()))?;
    let made = match cached.take() {
        Some(made) => made,
        None => account(acme).await?,
    };
    let account = cached.insert(made);
    let identifiers: Vec<Identifier> = acme
        .domains
        .iter()
        .map(|name| Identifier::Dns(name.clone()))
        .collect();
    let mut order = account.new_order(&NewOrder::new(&identifiers)).await?;
    let mut offered = Offered {
        certificates,
        tokens: Vec::new(),
    };
    let mut authorizations = order.authorizations();
    while let Some(authorization) = authorizations.next().await {
        let mut authorization = authorization?;
        match authorization.status {
            AuthorizationStatus::Pending => {}
            AuthorizationStatus::Valid => continue,
            status => bail!("the authorization is {status:?}"),
        }
        let mut challenge = authorization
            .challenge(ChallengeType::Http01)
            .ok_or_else(|| anyhow!("the ACME server offers no http-01 challenge"))?;
        offered.offer(&challenge.token, challenge.key_authorization().as_str());
        challenge.set_ready().await?;
    }
    let status = order.poll_ready(&RetryPolicy::default()).await?;
    drop(offered);
    if status != OrderStatus::Ready {
        bail!("the order is {status:?}, not ready");
    }
    let key = order.finalize().await?;
    let chain = order.poll_certificate(&RetryPolicy::default()).await?;
    let certified = certified_key(chain.as_bytes(), key.as_bytes(), "the ACME server's answer")?;
    let (chain_file, key_file) = cached_files(acme);
    write_private(&key_file, key.as_bytes())?;
    std::fs::write(&chain_file, chain)
        .with_context(|| format!("cannot write {}", chain_file.display()))?;
    Ok(certified)
}

/// The challenges offered for one order, withdrawn when it is done (or failed).
struct Offered<'a> {
    certificates: &'a Certificates,
    tokens: Vec<String>,
}

impl Offered<'_> {
    fn offer(&mut self, token: &str, key_authorization: &str) {
        self.certificates
            .offer_challenge(token, key_authorization.to_owned());
        self.tokens.push(token.to_owned());
    }
}

impl Drop for Offered<'_> {
    fn drop(&mut self) {
        for token in &self.tokens {
            self.certificates.withdraw_challenge(token);
        }
    }
}

/// Writes `contents` to `path`, readable by its owner only.
fn write_private(path: &Path, contents: &[u8]) -> Result<()> {
    use std::io::Write;
    #[cfg(unix)]
    use std::os::unix::fs::OpenOptionsExt;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    options.mode(0o600);
    options
        .open(path)
        .and_then(|mut file| file.write_all(contents))
        .with_context(|| format!("cannot write {}", path.display()))
}
