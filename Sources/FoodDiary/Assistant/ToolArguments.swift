import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import MCP

/// Why a tool did nothing, in words the assistant passes on: a tool's error, not the protocol's.
struct ToolProblem: Refusal {
    let message: String
    var kind: RefusalKind { .unusable }
    init(_ message: String) { self.message = message }
}

/// A tool call's arguments, read with the same limits the pages' forms have.
struct ToolArguments {
    let values: [String: Value]

    init(_ values: [String: Value]?) { self.values = values ?? [:] }

    func text(_ name: String, max: Int) throws(ToolProblem) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw ToolProblem("`\(name)` must be text.") }
        let cleaned = TypedText.clean(text)
        guard TypedText.length(cleaned) <= max else { throw ToolProblem("`\(name)` is too long: at most \(max) characters.") }
        return cleaned.isEmpty ? nil : cleaned
    }

    func required(_ name: String, max: Int) throws(ToolProblem) -> String {
        guard let text = try text(name, max: max) else { throw ToolProblem("Give `\(name)`.") }
        return text
    }

    func number(_ name: String, in range: ClosedRange<Double>) throws(ToolProblem) -> Double? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let number = value.doubleValue ?? value.intValue.map(Double.init), number.isFinite else {
            throw ToolProblem("`\(name)` must be a number.")
        }
        guard range.contains(number) else {
            throw ToolProblem("`\(name)` must be between \(formatQuantity(range.lowerBound)) and \(formatQuantity(range.upperBound)).")
        }
        return number
    }

    /// A day of the diary, written 2026-03-09; today when not given. Never a day to come.
    func day(_ name: String, today: LocalDate) throws(ToolProblem) -> LocalDate {
        guard let text = try text(name, max: 10) else { return today }
        guard let day = LocalDate(parsing: text) else { throw ToolProblem("`\(name)` must be a day written like \(today), not “\(text)”.") }
        if let problem = day.diaryDayProblem(today: today) { throw ToolProblem(problem) }
        return day
    }

    /// A day of a plan, which may be ahead; nil when left out.
    func planDay(_ name: String) throws(ToolProblem) -> LocalDate? {
        guard let text = try text(name, max: 10) else { return nil }
        guard let day = LocalDate(parsing: text) else {
            throw ToolProblem("`\(name)` must be a day written like 2026-03-09, not “\(text)”.")
        }
        return day
    }

    func slot(_ name: String) throws(ToolProblem) -> MealSlot? {
        guard let text = try text(name, max: 20) else { return nil }
        guard let slot = MealSlot(formValue: text.lowercased()) else {
            throw ToolProblem("`\(name)` must be one of \(MealSlot.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return slot
    }
}
