export default function Page() { return <div>home-page</div>; }
