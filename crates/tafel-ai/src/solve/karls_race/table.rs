//! The table file: a 64-byte header and one little-endian `u32` per slot of the index, read
//! through a memory map (the entries are stored in the machine's order, so this format is for
//! little-endian machines, like every one Tafel runs on) so that opening costs nothing and only the pages a query touches are
//! loaded.
//!
//! | bytes  | field                                                                     |
//! |--------|---------------------------------------------------------------------------|
//! | 0..8   | magic `TAFEL-KR`                                                          |
//! | 8..12  | format version, `u32` LE: 1                                               |
//! | 12..16 | index scheme, `u32` LE: 1 (see [`super::index`])                          |
//! | 16..20 | value encoding, `u32` LE: 1 = `u32` LE fixed point, probability `v / (2^32 - 1)` that the side to move wins, before its die is rolled |
//! | 20..24 | most stones a side, `u32` LE: 1 to 6 (6 for the whole game)               |
//! | 24..32 | number of entries, `u64` LE: must equal the index's size                   |
//! | 32..64 | what the solve was run for (start set or position code), ASCII, zero-padded |
//! | 64..   | the entries, slot by slot                                                  |

use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use std::sync::atomic::AtomicU32;

use memmap2::{Mmap, MmapMut};
use tafel_core::{reason, Reason};

use super::index::{Index, MAX_STONES};
use super::position::Geometry;

/// The first eight bytes of every table file.
pub const MAGIC: &[u8; 8] = b"TAFEL-KR";
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;
/// The index scheme of [`super::index`].
pub const INDEX_SCHEME: u32 = 1;
/// The value encoding: `u32` fixed point of the mover's winning probability before the roll.
pub const VALUE_ENCODING: u32 = 1;
/// The header's size in bytes; the entries follow it.
pub const HEADER_LEN: usize = 64;
/// The room for the origin (start set or position code) in the header.
const ORIGIN_LEN: usize = 32;

/// What the header says besides the fixed fields.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The most stones a side the table covers.
    pub max_stones: usize,
    /// What the solve was run for: a start set (`ABCGHJ`) or a position code.
    pub origin: String,
}

/// Why a table could not be read or written.
#[derive(Debug)]
pub enum TableError {
    /// There is no file at the path.
    Missing(PathBuf),
    /// Reading or writing failed.
    Io(PathBuf, std::io::Error),
    /// The file is not a Karl's Race table, or it is damaged.
    Invalid(PathBuf, String),
    /// The file was written by another version of the format.
    Version(PathBuf, u32),
    /// The origin does not fit the header.
    Origin(String),
}

impl TableError {
    /// The error as a reason by code, for a notice in any language.
    pub fn reason(&self) -> Reason {
        match self {
            TableError::Missing(path) => reason!(
                "table-missing",
                "no Karl's Race table at {path}: build it with `tafel solve karls-race --out {path}` \
                 (a few minutes, 2.3 GB of memory and of disk)",
                path = path.display()
            ),
            TableError::Io(path, error) => {
                reason!("table-io", "{path}: {error}", path = path.display(), error)
            }
            TableError::Invalid(path, why) => reason!(
                "table-invalid",
                "{path} is not a usable Karl's Race table ({why}); rebuild it with \
                 `tafel solve karls-race --out {path}`",
                path = path.display(),
                why
            ),
            TableError::Version(path, found) => reason!(
                "table-version",
                "{path} is a Karl's Race table of format version {found}, this program reads \
                 version {version}; rebuild it with `tafel solve karls-race --out {path}`",
                path = path.display(),
                found,
                version = VERSION
            ),
            TableError::Origin(origin) => reason!(
                "table-origin",
                "the origin `{origin}` does not fit the header ({max} ASCII characters at most)",
                origin,
                max = ORIGIN_LEN
            ),
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.reason(), f)
    }
}

impl std::error::Error for TableError {}

/// Where the bytes of a table (header and entries) live.
enum Storage {
    /// A table file, mapped read-only.
    File(Mmap),
    /// A table being solved or just solved, in anonymous memory.
    Memory(MmapMut),
}

impl Storage {
    fn bytes(&self) -> &[u8] {
        match self {
            Storage::File(map) => map,
            Storage::Memory(map) => map,
        }
    }
}

/// A solved table: look-ups by position.
pub struct Table {
    header: Header,
    geometry: Geometry,
    index: Index,
    storage: Storage,
}

impl Table {
    /// A table in memory with every entry 0, for the solver to fill through
    /// [`Table::cells`]. Huge pages are requested for it, since the solver reads it at random.
    pub fn blank(header: Header) -> Result<Table, TableError> {
        let geometry = Geometry::new();
        let index = Index::new(&geometry, header.max_stones);
        let bytes = usize::try_from(HEADER_LEN as u64 + 4 * index.len())
            .map_err(|_| TableError::Invalid(PathBuf::new(), "too large for memory".into()))?;
        let mut map = anonymous_memory(bytes)?;
        map[..HEADER_LEN].copy_from_slice(&header_bytes(&header, index.len())?);
        Ok(Table {
            header,
            geometry,
            index,
            storage: Storage::Memory(map),
        })
    }

    /// The entries of a table in memory, as cells that parallel workers may write (each slot
    /// by one worker) and read; `None` for a table file.
    pub fn cells(&mut self) -> Option<&[AtomicU32]> {
        let Storage::Memory(map) = &mut self.storage else {
            return None;
        };
        Some(as_cells(&mut map[HEADER_LEN..]))
    }

    /// Maps the table file at `path` into memory after checking its header and size.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        let file = open_file(path)?;
        // SAFETY: the map is read-only; a table file is written once (to a temporary name,
        // then renamed) and not changed while it is read.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| TableError::Io(path.into(), e))?;
        let header = read_header(path, &map, map.len() as u64)?;
        let geometry = Geometry::new();
        let index = Index::new(&geometry, header.max_stones);
        Ok(Table {
            header,
            geometry,
            index,
            storage: Storage::File(map),
        })
    }

    /// Checks the table file at `path` as [`Table::open`] does (its header and its size)
    /// without mapping it: reads only the header.
    pub fn check(path: &Path) -> Result<Header, TableError> {
        let file = open_file(path)?;
        let io = |e| TableError::Io(path.to_path_buf(), e);
        let len = file.metadata().map_err(io)?.len();
        let mut header = Vec::with_capacity(HEADER_LEN);
        file.take(HEADER_LEN as u64)
            .read_to_end(&mut header)
            .map_err(io)?;
        read_header(path, &header, len)
    }

    /// Writes the table to `path`: first to `path.partial`, then renamed, so that an
    /// interrupted write never leaves a damaged table under the real name.
    pub fn write(&self, path: &Path) -> Result<(), TableError> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let io = |e| TableError::Io(path.to_path_buf(), e);
        let file = File::create(&partial).map_err(io)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        out.write_all(&header_bytes(&self.header, self.index.len())?)
            .map_err(io)?;
        out.write_all(&self.storage.bytes()[HEADER_LEN..])
            .map_err(io)?;
        out.into_inner()
            .map_err(|e| io(e.into_error()))?
            .sync_all()
            .map_err(io)?;
        std::fs::rename(&partial, path).map_err(io)
    }

    /// The header's contents.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The board geometry the table is read with.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The table's index.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The raw entry of slot `slot` (less than the index's size).
    #[inline]
    pub fn entry(&self, slot: u64) -> u32 {
        self.entries()[slot as usize]
    }

    /// Every entry, slot by slot.
    pub fn entries(&self) -> &[u32] {
        as_values(&self.storage.bytes()[HEADER_LEN..])
    }
}

/// Opens the file at `path` for reading; a missing file is [`TableError::Missing`].
fn open_file(path: &Path) -> Result<File, TableError> {
    File::open(path).map_err(|error| match error.kind() {
        std::io::ErrorKind::NotFound => TableError::Missing(path.to_path_buf()),
        _ => TableError::Io(path.to_path_buf(), error),
    })
}

/// Reads and checks the header at the start of `bytes`, the start of the table file at
/// `path` whose length is `len` bytes: the magic, version, scheme and encoding, the stones a
/// side, the number of entries against the index, and the length against the entries.
fn read_header(path: &Path, bytes: &[u8], len: u64) -> Result<Header, TableError> {
    let invalid = |why: String| TableError::Invalid(path.to_path_buf(), why);
    if bytes.len() < HEADER_LEN {
        return Err(invalid(format!(
            "{len} bytes, shorter than the {HEADER_LEN}-byte header"
        )));
    }
    if &bytes[..8] != MAGIC {
        return Err(invalid("it does not start with TAFEL-KR".into()));
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let version = word(8);
    if version != VERSION {
        return Err(TableError::Version(path.to_path_buf(), version));
    }
    if word(12) != INDEX_SCHEME || word(16) != VALUE_ENCODING {
        return Err(invalid(format!(
            "unknown index scheme {} or value encoding {}",
            word(12),
            word(16)
        )));
    }
    let max_stones = word(20) as usize;
    if !(1..=MAX_STONES).contains(&max_stones) {
        return Err(invalid(format!("{max_stones} stones a side")));
    }
    let entries = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
    let origin_bytes = &bytes[32..HEADER_LEN];
    let end = origin_bytes
        .iter()
        .position(|&b| b == 0)
        .unwrap_or(ORIGIN_LEN);
    let origin = std::str::from_utf8(&origin_bytes[..end])
        .ok()
        .filter(|s| s.is_ascii() && origin_bytes[end..].iter().all(|&b| b == 0))
        .ok_or_else(|| invalid("the origin field is not zero-padded ASCII".into()))?
        .to_string();
    let index_len = Index::new(&Geometry::new(), max_stones).len();
    if entries != index_len {
        return Err(invalid(format!(
            "{entries} entries, but {max_stones} stones a side need {index_len}"
        )));
    }
    let expected = HEADER_LEN as u64 + 4 * entries;
    if len != expected {
        return Err(invalid(format!(
            "{len} bytes where header and entries take {expected} (truncated or padded)"
        )));
    }
    Ok(Header { max_stones, origin })
}

/// `bytes` bytes of zeroed anonymous memory, with huge pages requested (the solvers read
/// their arrays at random).
pub(super) fn anonymous_memory(bytes: usize) -> Result<MmapMut, TableError> {
    let map = MmapMut::map_anon(bytes).map_err(|e| TableError::Io("(memory)".into(), e))?;
    #[cfg(target_os = "linux")]
    // A hint only: without huge pages the memory works the same, a little slower.
    let _ = map.advise(memmap2::Advice::HugePage);
    Ok(map)
}

/// `bytes` as `u32` values. `bytes` must be aligned for `u32` (a map, or a map past the
/// header).
pub(super) fn as_values(bytes: &[u8]) -> &[u32] {
    assert_eq!(bytes.as_ptr().align_offset(4), 0, "values are aligned");
    // SAFETY: the bytes are aligned for `u32` (checked), which any four bytes are a valid
    // value of; the slice borrows them.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<u32>(), bytes.len() / 4) }
}

/// `bytes` as cells that parallel workers may write (each slot by one worker) and read.
/// `bytes` must be aligned for `u32` (a map, or a map past the header).
pub(super) fn as_cells(bytes: &mut [u8]) -> &[AtomicU32] {
    assert_eq!(bytes.as_ptr().align_offset(4), 0, "cells are aligned");
    // SAFETY: the bytes are aligned for `u32` (checked); `AtomicU32` has the size, alignment
    // and bit validity of `u32`; the exclusive borrow of the bytes lasts as long as the cells.
    unsafe { std::slice::from_raw_parts(bytes.as_mut_ptr().cast::<AtomicU32>(), bytes.len() / 4) }
}

/// The 64 header bytes of a table of `entries` entries.
fn header_bytes(header: &Header, entries: u64) -> Result<[u8; HEADER_LEN], TableError> {
    check_origin(&header.origin)?;
    let mut bytes = [0; HEADER_LEN];
    bytes[..8].copy_from_slice(MAGIC);
    bytes[8..12].copy_from_slice(&VERSION.to_le_bytes());
    bytes[12..16].copy_from_slice(&INDEX_SCHEME.to_le_bytes());
    bytes[16..20].copy_from_slice(&VALUE_ENCODING.to_le_bytes());
    bytes[20..24].copy_from_slice(&(header.max_stones as u32).to_le_bytes());
    bytes[24..32].copy_from_slice(&entries.to_le_bytes());
    bytes[32..32 + header.origin.len()].copy_from_slice(header.origin.as_bytes());
    Ok(bytes)
}

/// Checks that an origin fits the header.
fn check_origin(origin: &str) -> Result<(), TableError> {
    if origin.is_ascii() && origin.len() <= ORIGIN_LEN && !origin.contains('\0') {
        Ok(())
    } else {
        Err(TableError::Origin(origin.to_string()))
    }
}
