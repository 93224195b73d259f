export default function Page() { return <div>bitcoin-lightning-page</div>; }
