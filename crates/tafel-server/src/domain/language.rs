//! The languages Tafel speaks: English and German. Which one a request asks for is read by the
//! HTTP layer (`http::language`); the domain only names them.

/// A language the interface is offered in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// English, the default.
    #[default]
    English,
    /// German.
    German,
}

impl Language {
    /// Every language offered, English first.
    pub const ALL: [Language; 2] = [Language::English, Language::German];

    /// The language of a code such as `de`, `de-AT` or `EN-gb` (its primary subtag), if offered.
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Language::English),
            "de" => Some(Language::German),
            _ => None,
        }
    }

    /// The language's code for `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
        }
    }

    /// The preferred offered language of an `Accept-Language` value ("de-DE,de;q=0.9,en;q=0.8"):
    /// the one of highest quality, the earlier among equals; none for `*` or unknown languages.
    pub fn from_accept_language(value: &str) -> Option<Language> {
        let mut best: Option<(f32, Language)> = None;
        for item in value.split(',') {
            let mut parts = item.split(';');
            let Some(language) = parts.next().and_then(Language::from_code) else {
                continue;
            };
            let quality = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .unwrap_or(0.0);
            if quality > 0.0 && best.is_none_or(|(q, _)| quality > q) {
                best = Some((quality, language));
            }
        }
        best.map(|(_, language)| language)
    }

    /// `english` or `german`, whichever is this language's.
    pub fn pick<'a>(self, english: &'a str, german: &'a str) -> &'a str {
        match self {
            Language::English => english,
            Language::German => german,
        }
    }
}
