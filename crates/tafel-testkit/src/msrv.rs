//! Checking the declared minimum Rust version against what the dependencies declare: the
//! workspace's `rust-version` is only true if no locked dependency needs a newer Rust. Clippy's
//! `incompatible_msrv` lint checks Tafel's own code against it; this checks the rest, from the
//! output of `cargo metadata --format-version 1 --locked` (the `check-msrv` binary).

use std::cmp::Ordering;
use std::fmt;

/// A Rust version, `MAJOR.MINOR[.PATCH]`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct RustVersion(pub u32, pub u32, pub u32);

impl RustVersion {
    /// Reads `1.88` or `1.88.0`.
    pub fn parse(text: &str) -> Option<RustVersion> {
        let mut parts = text.trim().split('.').map(|p| p.parse::<u32>().ok());
        let major = parts.next()??;
        let minor = parts.next().unwrap_or(Some(0))?;
        let patch = parts.next().unwrap_or(Some(0))?;
        parts
            .next()
            .is_none()
            .then_some(RustVersion(major, minor, patch))
    }
}

impl fmt::Display for RustVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.0, self.1, self.2)
    }
}

/// What `cargo metadata` says that contradicts the workspace's minimum Rust version.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MsrvProblem {
    /// A workspace member declares no `rust-version` (it should inherit the workspace's).
    Undeclared {
        /// The member.
        package: String,
    },
    /// Two workspace members declare different versions.
    Disagree {
        /// The member.
        package: String,
        /// What it declares.
        declared: RustVersion,
        /// What the first member declares.
        workspace: RustVersion,
    },
    /// A dependency needs a newer Rust than the workspace declares.
    TooNew {
        /// The dependency, `name version`.
        package: String,
        /// The Rust it needs.
        needs: RustVersion,
        /// What the workspace declares.
        workspace: RustVersion,
    },
    /// A `rust-version` that does not read as a version.
    Unreadable {
        /// The package.
        package: String,
        /// The text.
        text: String,
    },
}

impl fmt::Display for MsrvProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MsrvProblem::Undeclared { package } => write!(
                f,
                "{package} declares no rust-version (add `rust-version.workspace = true`)"
            ),
            MsrvProblem::Disagree {
                package,
                declared,
                workspace,
            } => write!(
                f,
                "{package} declares rust-version {declared}, the workspace {workspace}"
            ),
            MsrvProblem::TooNew {
                package,
                needs,
                workspace,
            } => write!(
                f,
                "{package} needs Rust {needs}, newer than the workspace's rust-version \
                 {workspace}: raise rust-version or hold the dependency back"
            ),
            MsrvProblem::Unreadable { package, text } => {
                write!(f, "{package}: rust-version `{text}` is not a version")
            }
        }
    }
}

/// Checks `cargo metadata --format-version 1` output: every workspace member declares the
/// same `rust-version`, and no package in the metadata (every locked dependency, for every
/// platform) declares a newer one. Returns the workspace's version, or every problem found.
pub fn check(metadata: &serde_json::Value) -> Result<RustVersion, Vec<MsrvProblem>> {
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    let members: Vec<&str> = metadata["workspace_members"]
        .as_array()
        .map(|m| m.iter().filter_map(|id| id.as_str()).collect())
        .unwrap_or_default();
    let name = |p: &serde_json::Value| {
        format!(
            "{} {}",
            p["name"].as_str().unwrap_or("?"),
            p["version"].as_str().unwrap_or("?")
        )
    };
    let mut problems = Vec::new();
    let mut version_of = |p: &serde_json::Value| -> Option<RustVersion> {
        let text = p["rust_version"].as_str()?;
        let version = RustVersion::parse(text);
        if version.is_none() {
            problems.push(MsrvProblem::Unreadable {
                package: name(p),
                text: text.to_string(),
            });
        }
        version
    };
    let is_member =
        |p: &serde_json::Value| p["id"].as_str().is_some_and(|id| members.contains(&id));
    let mut workspace: Option<RustVersion> = None;
    let mut declared = Vec::new();
    let mut dependencies = Vec::new();
    for package in &packages {
        let version = version_of(package);
        if is_member(package) {
            declared.push((name(package), version));
        } else if let Some(version) = version {
            dependencies.push((name(package), version));
        }
    }
    for (package, version) in declared {
        match (version, workspace) {
            (None, _) => problems.push(MsrvProblem::Undeclared { package }),
            (Some(v), None) => workspace = Some(v),
            (Some(v), Some(w)) if v != w => problems.push(MsrvProblem::Disagree {
                package,
                declared: v,
                workspace: w,
            }),
            _ => {}
        }
    }
    let Some(workspace) = workspace else {
        return Err(problems);
    };
    for (package, needs) in dependencies {
        if needs.cmp(&workspace) == Ordering::Greater {
            problems.push(MsrvProblem::TooNew {
                package,
                needs,
                workspace,
            });
        }
    }
    if problems.is_empty() {
        Ok(workspace)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metadata(
        members: &[(&str, Option<&str>)],
        deps: &[(&str, Option<&str>)],
    ) -> serde_json::Value {
        let package = |(name, rv): &(&str, Option<&str>)| serde_json::json!({ "id": format!("{name}-id"), "name": name, "version": "1.0.0", "rust_version": rv });
        serde_json::json!({
            "packages": members.iter().chain(deps).map(package).collect::<Vec<_>>(),
            "workspace_members": members.iter().map(|(n, _)| format!("{n}-id")).collect::<Vec<_>>(),
        })
    }

    #[test]
    fn versions_read_and_compare() {
        assert_eq!(RustVersion::parse("1.88"), Some(RustVersion(1, 88, 0)));
        assert_eq!(RustVersion::parse("1.87.1"), Some(RustVersion(1, 87, 1)));
        assert_eq!(RustVersion::parse("1.x"), None);
        assert_eq!(RustVersion::parse("1.2.3.4"), None);
        assert!(RustVersion(1, 88, 0) > RustVersion(1, 87, 9));
    }

    #[test]
    fn dependencies_newer_than_the_workspace_are_found() {
        let ok = metadata(
            &[("a", Some("1.88")), ("b", Some("1.88"))],
            &[
                ("dep", Some("1.88.0")),
                ("old", Some("1.60")),
                ("none", None),
            ],
        );
        assert_eq!(check(&ok), Ok(RustVersion(1, 88, 0)));
        let too_new = metadata(&[("a", Some("1.88"))], &[("dep", Some("1.89"))]);
        let problems = check(&too_new).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0]
                .to_string()
                .contains("dep 1.0.0 needs Rust 1.89.0"),
            "{}",
            problems[0]
        );
        let undeclared = metadata(&[("a", Some("1.88")), ("b", None)], &[]);
        assert!(matches!(
            &check(&undeclared).unwrap_err()[..],
            [MsrvProblem::Undeclared { .. }]
        ));
        let disagree = metadata(&[("a", Some("1.88")), ("b", Some("1.85"))], &[]);
        assert!(matches!(
            &check(&disagree).unwrap_err()[..],
            [MsrvProblem::Disagree { .. }]
        ));
    }
}
