import Foundation

/// A portion's label as the diary keeps it ("137 g", "1 cup (225 g)", "1.5 × 1 bar (60 g)",
/// "68.5 g, half of 137 g") and as a person reads it. The diary keeps labels with a
/// decimal point in the unit the person chose; a reader sees the amounts in their own units and
/// numbers. A measure's own name ("1 oz" in SR28, "2 Tbsp") is the food's, and stays as written.
package enum PortionLabel {
    /// The label with its amounts in the person's units: "137 g" reads "4.83 oz" in US units.
    package static func shown(_ label: String) -> String {
        let conventions = RequestConventions.current
        if conventions.amounts == .metric && conventions.numbers == .decimalPoint && readsAsKept(label) { return label }
        return rewritten(label, converting: true)
    }

    /// The label with its numbers in the person's language but its own units, so that a form
    /// showing it and saved unchanged keeps the amount exactly.
    package static func asTyped(_ label: String) -> String { rewritten(label, converting: false) }

    /// A number as a label keeps it, the same for every reader: "1234.5".
    package static func number(_ value: Double) -> String { NumberText.plain(value) }

    /// An amount as a label keeps it, in the person's unit for `measure`: "137 g", "4.83 oz".
    package static func amount(_ stored: Double, _ measure: MeasureUnit) -> String {
        let unit = AmountUnit.shown(measure)
        return "\(number(stored / unit.stored)) \(unit.symbol)"
    }

    /// Whether a metric reader with a decimal point reads the label exactly as kept: no comma
    /// between digits (a label kept before labels were plain), no number long enough to group, and
    /// an ounce or a pound only in a measure's name, with the amount in brackets after it ("1
    /// container (6 oz) (170 g)"). One pass over the bytes: a day's page has a label on every row,
    /// and reading each in full made the page a sixth slower.
    private static func readsAsKept(_ label: String) -> Bool {
        var previous: UInt8 = 0, digits = 0, commaAfterDigit = false, usUnitBeforeBracket = false
        for byte in label.utf8 {
            let isDigit = (48...57).contains(byte)
            if isDigit && commaAfterDigit { return false }
            commaAfterDigit = byte == UInt8(ascii: ",") && digits > 0
            digits = isDigit ? digits + 1 : 0
            if digits > 3 { return false }
            if (byte == UInt8(ascii: "z") && previous == UInt8(ascii: "o")) || (byte == UInt8(ascii: "b") && previous == UInt8(ascii: "l"))
            {
                usUnitBeforeBracket = true
            } else if byte == UInt8(ascii: "(") {
                usUnitBeforeBracket = false
            } else if byte == UInt8(ascii: ",") && usUnitBeforeBracket {
                return false
            }
            previous = byte
        }
        return !usUnitBeforeBracket
    }

    private static func rewritten(_ label: String, converting: Bool) -> String {
        guard label.utf8.contains(where: { (48...57).contains($0) }) else { return label }
        if let whole = typedAmount(label[...]) { return text(whole, converting: converting) }
        var middle = label[...], head = "", tail = ""
        if let comma = middle.firstIndex(of: ","), let first = typedAmount(middle[..<comma]) {
            head = text(first, converting: converting)
            middle = middle[comma...]
            // "68.5 g, half of 137 g": a share of an amount typed as such.
            if let of = middle.ranges(of: " of ").last, let last = typedAmount(middle[of.upperBound...]) {
                tail = text(last, converting: converting)
                middle = middle[..<of.upperBound]
            }
        } else if let times = middle.firstIndex(of: "×"), times > middle.startIndex, let count = plainNumber(middle[..<times]) {
            head = NumberText.decimal(count, maxFractionDigits: 2, grouping: true) + " "
            middle = middle[times...]
        }
        if tail.isEmpty, middle.hasSuffix(")"), let open = middle.lastIndex(of: "("),
            let bracketed = typedAmount(middle[middle.index(after: open)..<middle.index(before: middle.endIndex)])
        {
            let amount = text(bracketed, converting: converting)
            middle = middle[..<open]
            // "1 container (6 oz) (170 g)" reads "1 container (6 oz)" to whoever reads ounces.
            while middle.last == " " { middle = middle.dropLast() }
            if middle.hasSuffix("(\(amount))") || middle.hasSuffix(" \(amount)") || middle == amount {
                tail = ""
            } else {
                tail = " (\(amount))"
            }
        }
        return head + middle + tail
    }

    /// "137 g", "4 oz", "0.5 kg": a number and a unit, and nothing else.
    private static func typedAmount(_ text: Substring) -> (value: Double, unit: AmountUnit)? {
        let text = text.drop { $0 == " " }
        guard let first = text.utf8.first, (48...57).contains(first),
            let letter = text.utf8.firstIndex(where: { (65...90).contains($0) || (97...122).contains($0) }),
            text.utf8.distance(from: letter, to: text.utf8.endIndex) <= 12,
            let unit = AmountUnit(written: text[letter...]), let value = plainNumber(text[..<letter])
        else { return nil }
        return (value, unit)
    }

    /// A label's number: as kept now ("1234.5"), or as labels were once kept ("1,234.5", "3,5").
    private static func plainNumber(_ text: Substring) -> Double? {
        var trimmed = text
        while trimmed.last == " " || trimmed.last == "\u{00A0}" { trimmed = trimmed.dropLast() }
        guard let first = trimmed.utf8.first, (48...57).contains(first) else { return nil }
        return try? TypedNumber.parse(String(trimmed), in: 0...Double.greatestFiniteMagnitude, convention: .decimalPoint).get()
    }

    private static func text(_ amount: (value: Double, unit: AmountUnit), converting: Bool) -> String {
        let shown = AmountUnit.shown(amount.unit.measure)
        if converting && shown.system != amount.unit.system { return amount.unit.measure.shownText(amount.value * amount.unit.stored) }
        return "\(NumberText.decimal(amount.value, maxFractionDigits: 2, grouping: true)) \(amount.unit.symbol)"
    }
}
