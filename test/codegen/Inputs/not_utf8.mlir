module {
  ÿ
}
