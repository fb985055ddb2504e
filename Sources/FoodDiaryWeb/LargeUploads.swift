import FoodDiaryBase
import HTTPTypes
import Hummingbird

/// Forms that take a file far beyond a photo, by path: a phone's whole health export is often
/// gigabytes. They have a limit and an upload budget of their own (a photo is never refused
/// because an export is arriving), must say their length, and are refused before a byte is
/// written when the disk could not hold them with room to spare.
package struct LargeUploads: Sendable {
    let paths: Set<String>
    let maxBytes: Int
    let budget: UploadBudget

    /// `maxBytes` at once in all: one export of the largest size, or several smaller.
    package init(paths: Set<String>, maxBytes: Int) {
        self.paths = paths
        self.maxBytes = maxBytes
        budget = UploadBudget(totalLimit: maxBytes, perClientLimit: maxBytes)
    }

    var tooLarge: HTTPError {
        HTTPError(
            .contentTooLarge,
            message: tr("That file is larger than the \(maxBytes / 1_000_000) MB an import may be, so nothing was saved. ")
                + tr("The server's owner can allow more with --max-import-mb."))
    }

    func admit(length: Int?, into directory: String) throws {
        guard let length else {
            throw HTTPError(
                .lengthRequired, message: tr("A file this size must be sent with its length (Content-Length); nothing was saved."))
        }
        if let refusal = Self.refusal(length: length, free: DiskSpace.freeBytes(at: directory), arriving: budget.reservedTotal) {
            throw refusal
        }
    }

    /// Refused when the file, the uploads still arriving and the disk's low-water mark would not fit.
    static func refusal(length: Int, free: UInt64?, arriving: Int) -> HTTPError? {
        guard let free, UInt64(max(length, 0)) + UInt64(max(arriving, 0)) + DiskSpace.lowWaterMark > free else { return nil }
        return HTTPError(
            HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"),
            message: """
                The disk holding the diary has \(free / 1_000_000) MB free, too little for this \(length / 1_000_000) MB file with room to spare, \
                so nothing was saved. Free some space on the server, then send it again.
                """)
    }
}
