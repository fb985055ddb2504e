/// A number as a person or a spreadsheet writes one: an optional sign, digits with one decimal
/// point, an optional exponent. Swift's `Double("…")` also reads "0x1p3" (8), "nan", "inf" and
/// "infinity", which no file means as a weight.
package enum DecimalText {
    package static func value(_ text: some StringProtocol) -> Double? {
        guard isDecimal(text.utf8) else { return nil }
        return Double(String(text))
    }

    private static func isDecimal(_ bytes: some Collection<UInt8>) -> Bool {
        var digits = 0, seenPoint = false, seenExponent = false, exponentDigits = 0, previous: UInt8?
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenExponent { exponentDigits += 1 } else { digits += 1 }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard previous == nil || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return false }
            case UInt8(ascii: "."):
                guard !seenPoint, !seenExponent else { return false }
                seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard digits > 0, !seenExponent else { return false }
                seenExponent = true
            default:
                return false
            }
            previous = byte
        }
        return digits > 0 && (!seenExponent || exponentDigits > 0)
    }
}
