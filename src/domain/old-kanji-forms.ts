/**
 * Published tables of old kanji forms (旧字体) and the form used today, as the Japanese
 * government lists them. src/domain/kanji-variants.ts folds by them; nothing else holds a copy.
 *
 * - JOYO_OLD_FORMS: the 康熙字典体 printed in brackets beside 362 characters of the 常用漢字表
 *   (平成22年内閣告示第2号, 2010-11-30; 文化庁, https://www.bunka.go.jp/kokugo_nihongo/sisaku/joho/joho/kijun/naikaku/kanji/),
 *   364 old forms (弁 has three: 辨 瓣 辯) in the order of the table. 62 of them exist in Unicode
 *   only as CJK compatibility ideographs (written \u{F9xx}/\u{FAxx} here), which NFKC, the first
 *   step of every fold, already turns into the form of today.
 * - JINMEIYO_OLD_FORMS: the 異体字 of 常用漢字 that 戸籍法施行規則 別表第二 (二) allows in names
 *   (212; 法務省, https://www.moj.go.jp/MINJI/minji86.html) and that the 常用漢字表 does not list:
 *   the other 204 are old forms above.
 *
 * Pairs are [old, today] code point strings; test/kanji-variants.test.ts checks the counts.
 */

export type OldForm = readonly [old: string, today: string];

/** Two-character words separated by white space: each the old form and the form of today. */
function pairsOf(text: string): readonly OldForm[] {
  return Object.freeze(
    text
      .split(/\s+/u)
      .filter((w) => w !== '')
      .map((w) => {
        const [old, today, ...rest] = [...w];
        if (old === undefined || today === undefined || rest.length > 0) throw new Error(`not a pair: ${w}`);
        return Object.freeze([old, today] as const);
      }),
  );
}

/** 常用漢字表 (2010): 康熙字典体 → 通用字体. */
export const JOYO_OLD_FORMS: readonly OldForm[] = pairsOf(`
亞亜 惡悪 壓圧 圍囲 爲為 醫医 壹壱 \u{FA67}逸 稻稲 隱隠 營営 榮栄 衞衛 驛駅 \u{FA62}謁 圓円 緣縁 艷艶 鹽塩 奧奥
應応 橫横 歐欧 毆殴 黃黄 溫温 穩穏 假仮 價価 \u{FA52}禍 畫画 會会 壞壊 \u{FA3D}悔 懷懐 \u{FA45}海 繪絵 \u{FA3E}慨 槪概 擴拡
殼殻 覺覚 學学 嶽岳 樂楽 \u{FA36}喝 渴渇 \u{FA60}褐 勸勧 卷巻 寬寛 歡歓 \u{FA47}漢 罐缶 觀観 關関 陷陥 \u{FA38}器 \u{FA42}既 歸帰
氣気 \u{FA4E}祈 龜亀 僞偽 戲戯 犧犠 舊旧 據拠 擧挙 虛虚 峽峡 挾挟 狹狭 鄕郷 \u{FA69}響 曉暁 \u{FA34}勤 \u{FA63}謹 區区 驅駆
勳勲 薰薫 徑径 惠恵 揭掲 溪渓 經経 繼継 莖茎 螢蛍 輕軽 鷄鶏 藝芸 擊撃 缺欠 儉倹 劍剣 圈圏 檢検 權権
獻献 硏研 縣県 險険 顯顕 驗験 嚴厳 效効 廣広 恆恒 鑛鉱 號号 國国 \u{FA54}穀 黑黒 濟済 碎砕 齋斎 劑剤 櫻桜
\u{F970}殺 雜雑 參参 慘惨 棧桟 蠶蚕 贊賛 殘残 \u{FA4D}祉 絲糸 \u{FA61}視 齒歯 兒児 辭辞 濕湿 實実 寫写 \u{FA48}煮 \u{FA4C}社 \u{FA5B}者
釋釈 壽寿 收収 \u{FA5C}臭 從従 澁渋 獸獣 縱縦 \u{FA51}祝 肅粛 處処 \u{FA43}暑 緖緒 \u{FA5A}署 \u{FA22}諸 敍叙 奬奨 將将 涉渉 燒焼
\u{FA1A}祥 稱称 證証 乘乗 剩剰 壤壌 孃嬢 條条 淨浄 狀状 疊畳 讓譲 釀醸 囑嘱 觸触 寢寝 愼慎 眞真 \u{FA19}神 盡尽
圖図 粹粋 醉酔 隨随 髓髄 數数 樞枢 瀨瀬 聲声 靜静 齊斉 攝摂 竊窃 \u{FA56}節 專専 戰戦 淺浅 潛潜 纖繊 踐践
錢銭 禪禅 曾曽 \u{FA50}祖 \u{FA31}僧 雙双 壯壮 \u{FA3B}層 搜捜 插挿 巢巣 爭争 瘦痩 總総 莊荘 裝装 騷騒 增増 \u{FA3F}憎 臟臓
藏蔵 \u{FA65}贈 卽即 屬属 續続 墮堕 體体 對対 帶帯 滯滞 臺台 瀧滝 擇択 澤沢 單単 \u{FA37}嘆 擔担 膽胆 團団 彈弾
斷断 癡痴 遲遅 晝昼 蟲虫 鑄鋳 \u{FA5F}著 廳庁 徵徴 \u{FA40}懲 聽聴 敕勅 鎭鎮 \u{FA10}塚 遞逓 鐵鉄 轉転 點点 傳伝 \u{FA26}都
黨党 盜盗 燈灯 當当 鬭闘 德徳 獨独 讀読 \u{FA55}突 屆届 繩縄 \u{FA68}難 貳弐 惱悩 腦脳 霸覇 廢廃 拜拝 \u{FA44}梅 賣売
麥麦 發発 髮髪 拔抜 \u{FA59}繁 晚晩 蠻蛮 \u{FA35}卑 \u{FA4B}碑 祕秘 濱浜 \u{FA64}賓 \u{FA6A}頻 \u{FA41}敏 甁瓶 \u{FA30}侮 \u{FA1B}福 拂払 佛仏 倂併
\u{FA39}塀 竝並 變変 邊辺 \u{FA33}勉 辨弁 瓣弁 辯弁 步歩 穗穂 寶宝 襃褒 豐豊 \u{FA3A}墨 飜翻 每毎 萬万 滿満 \u{FA32}免 麵麺
默黙 餠餅 戾戻 彌弥 藥薬 譯訳 豫予 餘余 與与 譽誉 搖揺 樣様 謠謡 來来 賴頼 亂乱 \u{F91D}欄 覽覧 \u{F9DC}隆 龍竜
\u{F936}虜 兩両 獵猟 綠緑 壘塁 淚涙 \u{F9D0}類 勵励 禮礼 靈霊 齡齢 曆暦 歷歴 戀恋 \u{FA57}練 鍊錬 爐炉 勞労 \u{F928}廊 \u{F929}朗
樓楼 郞郎 錄録 灣湾
`);

/** 戸籍法施行規則 別表第二 (二): the 異体字 not among JOYO_OLD_FORMS, with the 常用漢字 each stands for. */
export const JINMEIYO_OLD_FORMS: readonly OldForm[] = pairsOf(`冨富 凉涼 埜野 峯峰 嶋島 盃杯 薗園 駈駆`);
