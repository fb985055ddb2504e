/// The names of days and months in the request's language, and the order a date is written in.
/// English's own order follows the browser's region (`ClockConvention.monthFirst`); another
/// language's is its translators' (`tr(…, context: "date")`).
package enum CalendarWords {
    /// 0 = Sunday.
    package static func weekday(_ index: Int) -> String {
        switch index {
        case 0: tr("Sunday", context: "weekday")
        case 1: tr("Monday", context: "weekday")
        case 2: tr("Tuesday", context: "weekday")
        case 3: tr("Wednesday", context: "weekday")
        case 4: tr("Thursday", context: "weekday")
        case 5: tr("Friday", context: "weekday")
        default: tr("Saturday", context: "weekday")
        }
    }

    package static func shortWeekday(_ index: Int) -> String {
        switch index {
        case 0: tr("Sun", context: "weekday, short")
        case 1: tr("Mon", context: "weekday, short")
        case 2: tr("Tue", context: "weekday, short")
        case 3: tr("Wed", context: "weekday, short")
        case 4: tr("Thu", context: "weekday, short")
        case 5: tr("Fri", context: "weekday, short")
        default: tr("Sat", context: "weekday, short")
        }
    }

    /// 1 = January.
    static func month(_ number: Int) -> String {
        switch number {
        case 1: tr("January", context: "month")
        case 2: tr("February", context: "month")
        case 3: tr("March", context: "month")
        case 4: tr("April", context: "month")
        case 5: tr("May", context: "month")
        case 6: tr("June", context: "month")
        case 7: tr("July", context: "month")
        case 8: tr("August", context: "month")
        case 9: tr("September", context: "month")
        case 10: tr("October", context: "month")
        case 11: tr("November", context: "month")
        default: tr("December", context: "month")
        }
    }

    static func shortMonth(_ number: Int) -> String {
        switch number {
        case 1: tr("Jan", context: "month, short")
        case 2: tr("Feb", context: "month, short")
        case 3: tr("Mar", context: "month, short")
        case 4: tr("Apr", context: "month, short")
        case 5: tr("May", context: "month, short")
        case 6: tr("Jun", context: "month, short")
        case 7: tr("Jul", context: "month, short")
        case 8: tr("Aug", context: "month, short")
        case 9: tr("Sep", context: "month, short")
        case 10: tr("Oct", context: "month, short")
        case 11: tr("Nov", context: "month, short")
        default: tr("Dec", context: "month, short")
        }
    }
}
