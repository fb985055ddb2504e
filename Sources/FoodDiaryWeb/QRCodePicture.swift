import CQRencode
import Foundation

/// A QR code as an SVG picture to put in a page, drawn from libqrencode's modules: for an
/// authenticator app to scan the `otpauth://` address of a second step.
package enum QRCodePicture {
    /// The SVG of `text` at error correction M, with the four-module quiet zone scanners need; nil
    /// if libqrencode cannot encode it (too long).
    package static func svg(_ text: String, label: String) -> String? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width), quiet = 4, size = width + 2 * quiet
        var path = ""
        for row in 0..<width {
            for column in 0..<width where code.pointee.data[row * width + column] & 1 == 1 {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        let escaped = label.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: "\"", with: "&quot;")
        // Black on white whatever the page's colours: a scanner needs the contrast.
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" role="img" aria-label="\(escaped)" shape-rendering="crispEdges">\
            <rect width="\(size)" height="\(size)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}
