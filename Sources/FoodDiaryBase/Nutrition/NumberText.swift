import Foundation

/// How the diary writes numbers: the digits Foundation's `.number` style gives, written by hand
/// because a list page formats hundreds of them and the format style cost it a tenth of its time.
/// In the request's convention (`NumberConvention.current`): "1,234.5" in English, "1 234,5"
/// (a narrow no-break space, as SI and DIN 1333 group) where a decimal comma is written.
package enum NumberText {
    /// `value` rounded half to even to at most `maxFractionDigits` decimals, trailing zeros
    /// dropped; thousands separated when `grouping`.
    package static func decimal(_ value: Double, maxFractionDigits: Int, grouping: Bool) -> String {
        shown(format(value, fractionDigits: maxFractionDigits, keepingZeros: false, grouping: grouping))
    }

    /// `text`, written with a decimal point and grouping commas, in the request's convention.
    private static func shown(_ text: String) -> String {
        guard NumberConvention.current == .decimalComma, text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") })
        else { return text }
        // Byte by byte: the text is ASCII digits and marks, and a page shows hundreds of numbers.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 4)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ","): bytes += [0xE2, 0x80, 0xAF] // U+202F, a narrow no-break space
            case UInt8(ascii: "."): bytes.append(UInt8(ascii: ","))
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` to at most two decimals with a decimal point and no grouping in every language:
    /// what the diary keeps inside its own text.
    package static func plain(_ value: Double) -> String {
        format(value, fractionDigits: 2, keepingZeros: false, grouping: false)
    }

    /// A count with its thousands separated: "354,600".
    package static func grouped(_ value: Int) -> String {
        decimal(Double(value), maxFractionDigits: 0, grouping: true)
    }

    /// `value` with exactly `fractionDigits` decimals and no grouping, as `%.1f` writes it, in any
    /// language: SVG coordinates and styles.
    package static func fixed(_ value: Double, fractionDigits: Int) -> String {
        format(value, fractionDigits: fractionDigits, keepingZeros: true, grouping: false)
    }

    private static func format(_ value: Double, fractionDigits: Int, keepingZeros: Bool, grouping: Bool) -> String {
        let scale = (0..<fractionDigits).reduce(1) { result, _ in result * 10 }
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrEven)
        guard value.isFinite, scaled < 1e15 else {
            let digits = keepingZeros ? fractionDigits...fractionDigits : 0...fractionDigits
            return value.formatted(.number.precision(.fractionLength(digits)).grouping(grouping ? .automatic : .never))
        }
        let units = Int(scaled)
        var text = value < 0 && units > 0 ? "-" : ""
        text += grouping ? groupedDigits(units / scale) : String(units / scale)
        var fraction = units % scale
        var digits = fractionDigits
        if !keepingZeros {
            guard fraction > 0 else { return text }
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
        }
        guard digits > 0 else { return text }
        let fractionText = String(fraction)
        return text + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// "1,643": a whole number as people read it.
    package static func grouped(_ value: Double) -> String {
        let whole = Int(value.rounded())
        return shown(whole < 0 ? "-" + groupedDigits(-whole) : groupedDigits(whole))
    }

    private static func groupedDigits(_ value: Int) -> String {
        let digits = String(value)
        guard digits.count > 3 else { return digits }
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

/// "1,643": whole numbers as people read them.
package func grouped(_ value: Double) -> String { NumberText.grouped(value) }

/// "0.5", "1", "14.2": quantities as people write them.
package func formatQuantity(_ value: Double) -> String { NumberText.decimal(value, maxFractionDigits: 2, grouping: false) }
