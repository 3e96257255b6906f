//! Sending mail (`--smtp URL`, `--mail-from ADDRESS`): a mail's words come from the catalogues
//! in its reader's language, its links point at the server's first `--public-url`. The SMTP
//! URL may hold the relay's password, so it is never shown: not in a log, not in an answer.

use anyhow::{Context, Result};
use lettre::message::{header::ContentType, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::domain::account::EmailAddress;
use crate::domain::ids::MailToken;
use crate::domain::language::Language;
use crate::domain::message::Message;

/// A mail to write: its subject's and body's messages (rendered in the reader's language).
pub struct Letter {
    /// The subject.
    pub subject: Message,
    /// The body, plain text.
    pub body: Message,
}

/// The server's way of sending mail.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    origin: String,
}

impl Mailer {
    /// A mailer through the relay at the URL `smtp` (`smtps://user:pass@host:465`,
    /// `smtp://host:587?tls=required`, or `smtp://host:port` unencrypted, for a relay on the
    /// same machine), its mails from `from`, its links to `origin`; or why these cannot work
    /// (the URL itself is not repeated in the error).
    pub fn new(smtp: &str, from: &str, origin: &str) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp)
            .map_err(|error| format!("--smtp is not an SMTP URL that can be used: {error}"))?
            .build();
        let from = from
            .parse()
            .map_err(|error| format!("--mail-from `{from}` is not a mail address: {error}"))?;
        Ok(Mailer {
            transport,
            from,
            origin: origin.trim_end_matches('/').to_string(),
        })
    }

    /// The link to the page at `path` of the server that takes `token`: the token travels in
    /// the fragment, which browsers never send to a server or in a `Referer`.
    pub fn link(&self, path: &str, token: &MailToken) -> String {
        link(&self.origin, path, token)
    }

    /// Sends `letter` to `to`, written in `language`.
    pub async fn send(&self, to: &EmailAddress, letter: &Letter, language: Language) -> Result<()> {
        let mail = lettre::Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, to.address().clone()))
            .subject(letter.subject.render(language))
            .header(ContentType::TEXT_PLAIN)
            .body(letter.body.render(language))
            .context("cannot write a mail")?;
        self.transport
            .send(mail)
            .await
            .map(|_| ())
            .context("the mail relay did not take a mail")
    }
}

/// The link at `origin` to the page at `path` that takes `token` (in the fragment).
pub fn link(origin: &str, path: &str, token: &MailToken) -> String {
    format!(
        "{}{path}#token={}",
        origin.trim_end_matches('/'),
        token.as_str()
    )
}
