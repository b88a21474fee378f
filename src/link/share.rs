//! What a share link says when it leaves a local file's data out, and the length past which it
//! does. The page puts a local file's text in the link (compressed, in the fragment: `data=`)
//! when the whole link stays within [`MAX_LINK_LENGTH`]; otherwise whoever opens the link is
//! asked for the file, and the page says why with [`data_left_out`].

/// The longest link that carries data, in characters. The data ride in the address's fragment,
/// which never reaches a server, so no host's limit on request lines applies (nginx answers 414
/// past 8 KB of query); what limits a link is where it is pasted and opened: 32 000 characters
/// still fit in a chat message and open in every current browser.
pub const MAX_LINK_LENGTH: usize = 32_000;

/// Why a link may leave a local file's data out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkData {
    /// The file was read in slices (a big file), so its text is not kept.
    NotKept,
    /// This browser cannot compress the text (no `CompressionStream`).
    NotCompressible,
    /// The link with the data in it would be this long.
    Length(usize),
}

/// The note for a link without the data of the local file `name`, or `None` when the link
/// carries them (a [`LinkData::Length`] within [`MAX_LINK_LENGTH`]).
pub fn data_left_out(name: &str, data: LinkData) -> Option<String> {
    let why = match data {
        LinkData::NotKept => "it is too big for a link".to_owned(),
        LinkData::NotCompressible => "this browser cannot compress it".to_owned(),
        LinkData::Length(length) if length <= MAX_LINK_LENGTH => return None,
        LinkData::Length(length) => format!(
            "with the file in it the link would be {} characters, over the limit of {}",
            crate::error::grouped(length),
            crate::error::grouped(MAX_LINK_LENGTH)
        ),
    };
    Some(format!(
        "The link does not carry the data of \"{name}\" ({why}); whoever opens it will be asked \
         to open the file themselves."
    ))
}

/// What the page calls data that are not a bundled dataset (in its dataset list and, for data
/// a link carries, as their title): "URL: <url>" for data fetched from an address, "File:
/// <name>" for a file, or "Data carried by the link" for a link's data with no file name.
pub fn source_label(url: Option<&str>, name: Option<&str>) -> String {
    match (url, name) {
        (Some(url), _) => format!("URL: {url}"),
        (None, Some(name)) if !name.is_empty() => format!("File: {name}"),
        _ => "Data carried by the link".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_not_bundled_are_called_by_where_they_came_from() {
        assert_eq!(
            source_label(Some("https://example.org/runs.csv"), None),
            "URL: https://example.org/runs.csv"
        );
        assert_eq!(source_label(None, Some("runs.csv")), "File: runs.csv");
        assert_eq!(source_label(None, Some("")), "Data carried by the link");
        assert_eq!(source_label(None, None), "Data carried by the link");
    }

    #[test]
    fn a_link_within_the_limit_carries_the_data_and_says_nothing() {
        assert_eq!(data_left_out("runs.csv", LinkData::Length(31_999)), None);
        assert_eq!(
            data_left_out("runs.csv", LinkData::Length(MAX_LINK_LENGTH)),
            None
        );
    }

    #[test]
    fn each_reason_for_leaving_the_data_out_is_said() {
        assert_eq!(
            data_left_out("big.csv", LinkData::Length(1_234_567)).as_deref(),
            Some(
                "The link does not carry the data of \"big.csv\" (with the file in it the link \
                 would be 1,234,567 characters, over the limit of 32,000); whoever opens it will \
                 be asked to open the file themselves."
            )
        );
        assert_eq!(
            data_left_out("big.csv", LinkData::Length(32_001)).as_deref(),
            Some(
                "The link does not carry the data of \"big.csv\" (with the file in it the link \
                 would be 32,001 characters, over the limit of 32,000); whoever opens it will \
                 be asked to open the file themselves."
            )
        );
        assert_eq!(
            data_left_out("huge.csv", LinkData::NotKept).as_deref(),
            Some(
                "The link does not carry the data of \"huge.csv\" (it is too big for a link); \
                 whoever opens it will be asked to open the file themselves."
            )
        );
        assert_eq!(
            data_left_out("a.csv", LinkData::NotCompressible).as_deref(),
            Some(
                "The link does not carry the data of \"a.csv\" (this browser cannot compress \
                 it); whoever opens it will be asked to open the file themselves."
            )
        );
    }
}
