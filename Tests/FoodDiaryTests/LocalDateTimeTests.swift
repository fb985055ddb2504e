import FoodDiaryBase
import Foundation
import GRDB
import Testing
@testable import FoodDiary
import FoodDiaryStorage

@Suite struct LocalDateTimeTests {
    @Test func minutesAreAddedAcrossMidnightAndMonths() {
        let time = LocalDateTime(parsing: "2026-03-01T01:30")!
        #expect(time.adding(minutes: -180).description == "2026-02-28T22:30")
        #expect(time.adding(minutes: 24 * 60 + 45).description == "2026-03-02T02:15")
    }

    @Test(arguments: ["2026-03-09T12:30", "2026-03-09 12:30", "2026-03-09T12:30:59", " 2026-03-09T12:30 "])
    func parsesWhatBrowsersSend(text: String) throws {
        let value = try #require(LocalDateTime(parsing: text))
        #expect(value.description == "2026-03-09T12:30")
    }

    @Test(arguments: [
        "", "yesterday", "2026-02-29T10:00", "2026-13-01T10:00", "2026-03-09T24:00",
        "2026-03-09T12:60", "2026-3-9T1:30", "2026-03-09", "12:30", "2026-03-09T12:30:61", "２０２６-03-09T12:30"
    ])
    func rejectsWhatIsNotADateTime(text: String) {
        #expect(LocalDateTime(parsing: text) == nil)
    }

    @Test func leapDayExistsOnlyInLeapYears() {
        #expect(LocalDate(parsing: "2024-02-29") != nil)
        #expect(LocalDate(parsing: "2100-02-29") == nil)
        #expect(LocalDate(parsing: "2000-02-29") != nil)
    }

    @Test func longTextNamesTheWeekday() throws {
        #expect(try #require(LocalDate(parsing: "2026-03-09")).longText == "Monday 9 March 2026")
        #expect(try #require(LocalDate(parsing: "2000-01-01")).longText == "Saturday 1 January 2000")
        #expect(try #require(LocalDate(parsing: "2024-02-29")).longText == "Thursday 29 February 2024")
    }

    @Test func nextCrossesMonthsAndYears() throws {
        #expect(try #require(LocalDate(parsing: "2024-02-28")).next.description == "2024-02-29")
        #expect(try #require(LocalDate(parsing: "2026-02-28")).next.description == "2026-03-01")
        #expect(try #require(LocalDate(parsing: "2026-12-31")).next.description == "2027-01-01")
    }

    @Test func offsetFollowsDaylightSavingTime() throws {
        let london = try #require(TimeZone(identifier: "Europe/London"))
        #expect(try #require(LocalDateTime(parsing: "2026-07-01T12:00")).utcOffsetMinutes(in: london) == 60)
        #expect(try #require(LocalDateTime(parsing: "2026-01-01T12:00")).utcOffsetMinutes(in: london) == 0)
    }

    @Test func wallClockOfAnInstantDependsOnTheZone() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(LocalDateTime(TestEnvironment.fixedNow, in: newYork).description == "2026-03-09T08:34")
        #expect(LocalDateTime(TestEnvironment.fixedNow, in: TimeZone(identifier: "Asia/Tokyo")!).description == "2026-03-09T21:34")
    }

    @Test func offsetsFormatAsISO8601() {
        #expect(formatUTCOffset(minutes: 60) == "+01:00")
        #expect(formatUTCOffset(minutes: -330) == "-05:30")
        #expect(formatUTCOffset(minutes: 0) == "+00:00")
    }
}

@Suite struct StoredTimestampTests {
    @Test(arguments: [
        "2026-03-09 12:30:00.000", "1970-01-01 00:00:00.000", "2000-02-29 23:59:59.999", "2026-12-31 06:09:54.831",
        "1969-07-20 20:17:40.500"
    ])
    func readsWhatGRDBWritesAsGRDBWould(text: String) throws {
        let expected = try #require(Date.fromDatabaseValue(text.databaseValue))
        let parsed = try #require(StoredTimestamp.parse(text))
        #expect(abs(parsed.timeIntervalSince1970 - expected.timeIntervalSince1970) < 0.0005)
    }

    @Test(arguments: ["2026-02-30 12:00:00.000", "2026-03-09 24:00:00.000", "2026-03-09T12:30:00.000", "2026-03-09 12:30:00"])
    func refusesWhatIsNotThatShape(text: String) {
        #expect(StoredTimestamp.parse(text) == nil)
    }
}

@Suite struct CivilArithmeticTests {
    /// The arithmetic that replaced Calendar agrees with it across zones, DST changes and leap days.
    @Test(arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati", "America/Los_Angeles"])
    func wallClockMatchesCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var instant = Date(timeIntervalSince1970: -2_000_000_000)
        while instant.timeIntervalSince1970 < 4_200_000_000 {
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
            let local = LocalDateTime(instant, in: timeZone)
            #expect(
                [local.date.year, local.date.month, local.date.day, local.hour, local.minute] == [c.year, c.month, c.day, c.hour, c.minute],
                "\(instant) in \(zone)")
            #expect(LocalDate(daysSince1970: local.date.daysSince1970) == local.date)
            instant += 86_400 * 37 + 3_607.5
        }
    }
}
