import Foundation

/// Splits RFC 4180 CSV text into records: commas between fields, double quotes around fields that
/// hold commas, and doubled quotes inside them.
enum CSVRecords {
    static func parse(_ text: String, _ body: ([String]) throws -> Void) rethrows {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = next }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",": fields.append(field); field = ""
            case "\r": continue
            case "\n":
                fields.append(field)
                try body(fields)
                fields = []
                field = ""
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            try body(fields)
        }
    }
}
