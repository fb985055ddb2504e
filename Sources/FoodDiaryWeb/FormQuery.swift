import FoodDiaryBase
import Foundation
import Hummingbird

extension Request {
    /// The query string read the way a browser's GET form writes it (`application/x-www-form-urlencoded`:
    /// `+` is a space, `%26` an ampersand), so "mac & cheese" typed in a search box arrives as typed.
    /// Every handler reads its query through this; malformed encoding or invalid UTF-8 is a 400.
    package func formQuery() throws -> FormFields {
        guard let query = uri.query, !query.isEmpty else { return FormFields() }
        guard let fields = FormFields(urlEncoded: query) else {
            throw HTTPError(.badRequest, message: tr("This address could not be read: its query is not properly encoded."))
        }
        return fields
    }

    /// `?page=` of a paged list, 1 when absent; anything but a whole number from 1 up is a 400.
    /// Whether the page exists is the list's question, answered before any arithmetic on it.
    package func pageNumber() throws -> Int {
        guard let text = try formQuery()["page"] else { return 1 }
        guard let page = Int(text), page >= 1 else {
            throw HTTPError(.badRequest, message: tr("The page number must be a whole number from 1 up."))
        }
        return page
    }
}

/// `text` as a query value: everything but ASCII letters, digits, `-._~` and `/` percent-encoded,
/// so a path carried in `?next=` stays readable and nothing else survives raw.
package func queryEscaped(_ text: String) -> String {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            escaped.append(byte)
        default:
            escaped.append(UInt8(ascii: "%"))
            escaped.append(hexDigits[Int(byte >> 4)])
            escaped.append(hexDigits[Int(byte & 0xF)])
        }
    }
    return String(decoding: escaped, as: UTF8.self)
}

private let hexDigits = Array("0123456789ABCDEF".utf8)

/// "?q=mac%20%26%20cheese&barcode=…" from the pairs whose value is not empty; "" when none is.
package func queryString(_ pairs: KeyValuePairs<String, String>) -> String {
    queryString(pairs.map { ($0.key, $0.value) })
}

package func queryString(_ pairs: [(key: String, value: String)]) -> String {
    let parts = pairs.filter { !$0.value.isEmpty }.map { "\($0.key)=\(queryEscaped($0.value))" }
    return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
}
