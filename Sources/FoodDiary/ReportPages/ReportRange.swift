import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// The days a report covers, from `from` through `to` as a form or an address names them; the
/// last four weeks through today when neither is given.
struct ReportRange: Sendable, Equatable {
    let first: LocalDate
    let last: LocalDate

    static let defaultDays = 28

    /// Throws a 400 that says what is wrong with the dates.
    static func read(_ fields: FormFields, today: LocalDate) throws -> ReportRange {
        let from = fields["from"].flatMap { $0.isEmpty ? nil : String($0) }, to = fields["to"].flatMap { $0.isEmpty ? nil : String($0) }
        guard let last = to.map(LocalDate.init(parsing:)) ?? today else {
            throw HTTPError(
                .badRequest, message: tr("The report’s last day is not a date: pick it with the date picker, or write it as 2026-03-31."))
        }
        guard let first = from.map(LocalDate.init(parsing:)) ?? last.adding(days: 1 - defaultDays) else {
            throw HTTPError(
                .badRequest, message: tr("The report’s first day is not a date: pick it with the date picker, or write it as 2026-03-01."))
        }
        guard first <= last else { throw HTTPError(.badRequest, message: tr("The report’s first day comes after its last: swap them.")) }
        guard last.adding(days: 1 - DiaryReport.mostDays) <= first else {
            throw HTTPError(.badRequest, message: tr("A report covers up to \(DiaryReport.mostDays) days: choose a shorter range."))
        }
        return ReportRange(first: first, last: last)
    }
}
