import PerUnits
import PerTools
import PerLanguage

/// The price book's reference text, shown by `help prices` and `per --man`.
extension CommandManual {
    static let priceBook: [Command: [ManualBlock]] = [
        .priceBook(.prices): [
            .heading("The price book"),
            .paragraph("per remembers the prices you record with seen, so that in the aisle it can say whether a price is a "
                + "good one. seen PRICE QTY NAME [@STORE] [DATE] [deal DEAL] reads its price and quantity as add does; the "
                + "price is what that quantity cost, the deal included, and the deal is kept as a note of why it was low. "
                + "A name that ends in at STORE (Barilla at Aldi) is read as @STORE, with a note; quote the name to keep it. "
                + "Where it could be either (the book has a product of the whole name, or a store is given with @ too) it is "
                + "refused with both readings. "
                + "Unit prices are per kg, per L, per item, per m or per m², and a name keeps the kind of unit and the "
                + "currency of its first price (500 g, then 1 l of the same name is refused; a price without a currency is in "
                + "the name's). The date is not after today. Names and stores match "
                + "without regard to case."),
            .example(["per> seen 2.49 500 g Barilla @Lidl 2026-10-01", "4.98 per kg: the first price of Barilla",
                      "per> seen 2.69 500 g Barilla @Rewe 2026-10-05", "5.38 per kg: highest of 2, 8.0% above the median",
                      "per> seen 1.99 500 g Barilla @Lidl 2026-10-30 deal -20%", "3.98 per kg: lowest of 3, 23.2% below the median",
                      "per> seen 2.39 500 g Barilla @Edeka 2026-11-02", "4.78 per kg: 2nd lowest of 4, 4.0% below the median",
                      "per> seen 2.29 500 g Barilla @Lidl 2026-11-20", "4.58 per kg: 2nd lowest of 5, 6.1% below the median",
                      "per> worth 2.19 500 g Barilla",
                      "4.38 per kg: 8.4% below the median, 10.1% above the lowest (3.98, Lidl, 2026-10-30, a deal), 4.4% below the last (4.58, Lidl, 2026-11-20)",
                      "per> where Barilla", "Barilla by store, the last price seen at each", "store  per kg  seen        vs best",
                      "Lidl     4.58  2026-11-20     best", "Edeka    4.78  2026-11-02    +4.4%", "Rewe     5.38  2026-10-05   +17.5%"]),
            .list(["history NAME lists a product's prices oldest first, the lowest marked, with the median (and a bar a row on a terminal).",
                   "prices lists every product with its last and lowest unit price; where NAME ranks the stores by the last price seen at each.",
                   "A seen of a name and store whose quantity went down while its unit price went up says so: Barilla shrank from 500 g to 450 g at Lidl: +11.1% per kg.",
                   "add NAME [@STORE] puts the last price seen (at that store) on the shopping list; compare --seen adds a lowest seen column.",
                   "forget seen NAME [DATE] takes a product's prices out (of one day); undo brings them back, and undo takes back a seen.",
                   "prices import FILE.csv appends a file's prices, saying which lines it skipped and why and leaving out those the book has already; prices export FILE.csv writes the book to a new file."]),
            .heading("The file"),
            .paragraph("The book is prices.csv beside the saved sets ('help storage'): plain CSV with the header "
                + "date,store,name,price,currency,quantity,unit,deal,packs, which a spreadsheet opens (quantity is the whole "
                + "amount, packs the count of a multipack, 3 for seen 2 3 x 500 g, empty for one); columns may come in any order, "
                + "with columns of your own, and lines per adds follow the file's order (a book without packs, as per wrote "
                + "before, keeps reading, and its new lines the whole amount alone). "
                + "It is private to you, read only when a command needs it, and written under a lock: seen appends its line "
                + "and syncs it before it answers, so a price per has answered for survives a kill. A line per cannot read "
                + "(a date that does not exist, a negative price, a unit that does not fit the name's earlier lines) is "
                + "reported with its line number and skipped, and left in the file as it is; a last line cut off before its "
                + "newline is left out with a warning and dropped by the next write. A sheet may ask the book but not change it."),
        ],
        .priceBook(.seen): [.paragraph("'help prices' tells what the price book keeps and how.")],
    ]
}
