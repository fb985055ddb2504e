import Foundation

/// The UTC instants GRDB stores for `created_at` and `updated_at`, `2026-03-09 12:30:00.000`,
/// read without Foundation's Calendar: a list page reads a hundred of them.
package enum StoredTimestamp {
    package static func parse(_ text: String) -> Date? {
        guard let digits = FixedDigits(text, shape: "dddd-dd-dd dd:dd:dd.ddd"),
            let date = LocalDate(year: digits[0...3], month: digits[5...6], day: digits[8...9])
        else { return nil }
        let hour = digits[11...12], minute = digits[14...15], second = digits[17...18]
        guard hour < 24, minute < 60, second < 60 else { return nil }
        let seconds = (date.daysSince1970 * 86_400 + hour * 3_600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(seconds) + Double(digits[20...22]) / 1_000)
    }
}

extension LocalDate {
    /// The day `days` after 1970-01-01 (Howard Hinnant's civil_from_days).
    package init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(uncheckedYear: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days from 1970-01-01, by the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    package var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
