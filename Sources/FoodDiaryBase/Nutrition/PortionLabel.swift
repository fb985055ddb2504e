import Foundation

/// A portion's label as the diary keeps it ("137 g", "1 cup (225 g)", "1.5 × 1 bar (60 g)",
/// "68.5 g, half of 137 g") and as a person reads it. The diary keeps labels with a
/// decimal point in the unit the person chose; a reader sees the amounts in their own units and
/// numbers. A measure's own name ("1 oz" in SR28, "2 Tbsp") is the food's, and stays as written.
package enum PortionLabel {
    /// The label with its amounts in the person's units: "137 g" reads "4.83 oz" in US units.
    package static func shown(_ label: String) -> String { rewritten(label, converting: true) }

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

    private static func rewritten(_ label: String, converting: Bool) -> String {
        guard label.utf8.contains(where: { (48...57).contains($0) }) else { return label }
        if let whole = typedAmount(label[...]) { return text(whole, converting: converting) }
        var middle = label[...], tail = ""
        if middle.hasSuffix(")"), let open = middle.lastIndex(of: "("),
           let bracketed = typedAmount(middle[middle.index(after: open)..<middle.index(before: middle.endIndex)]) {
            let amount = text(bracketed, converting: converting)
            middle = middle[..<open]
            // "1 container (6 oz) (170 g)" reads "1 container (6 oz)" to whoever reads ounces.
            let measure = middle.trimmingCharacters(in: .whitespaces)
            if measure.hasSuffix("(\(amount))") || measure.hasSuffix(" \(amount)") || measure == amount {
                middle = middle.dropLast(middle.count - measure.count)
            } else {
                tail = "(\(amount))"
            }
        } else if let of = middle.range(of: " of ", options: .backwards), let last = typedAmount(middle[of.upperBound...]) {
            tail = text(last, converting: converting)
            middle = middle[..<of.upperBound]
        }
        var head = ""
        if let comma = middle.firstIndex(of: ","), let first = typedAmount(middle[..<comma]) {
            head = text(first, converting: converting)
            middle = middle[comma...]
        } else if let times = middle.range(of: " × "), let count = plainNumber(middle[..<times.lowerBound]) {
            head = NumberText.decimal(count, maxFractionDigits: 2, grouping: true)
            middle = middle[times.lowerBound...]
        }
        return head + middle + tail
    }

    /// "137 g", "4 oz", "0.5 kg": a number and a unit, and nothing else.
    private static func typedAmount(_ text: Substring) -> (value: Double, unit: AmountUnit)? {
        let text = text.drop { $0 == " " }
        guard let letter = text.firstIndex(where: \.isLetter), let unit = AmountUnit(written: text[letter...]),
              let value = plainNumber(text[..<letter]) else { return nil }
        return (value, unit)
    }

    /// A label's number: as kept now ("1234.5"), or as labels were once kept ("1,234.5", "3,5").
    private static func plainNumber(_ text: Substring) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.first?.isASCII == true, trimmed.first?.isNumber == true else { return nil }
        return try? TypedNumber.parse(trimmed, in: 0...Double.greatestFiniteMagnitude, convention: .decimalPoint).get()
    }

    private static func text(_ amount: (value: Double, unit: AmountUnit), converting: Bool) -> String {
        let shown = AmountUnit.shown(amount.unit.measure)
        if converting && shown.system != amount.unit.system { return amount.unit.measure.shownText(amount.value * amount.unit.stored) }
        return "\(NumberText.decimal(amount.value, maxFractionDigits: 2, grouping: true)) \(amount.unit.symbol)"
    }
}
